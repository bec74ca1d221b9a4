import type { Clock } from '../clock';

declare const sandboxBrand: unique symbol;

/**
 * A moment on the sandbox's clock, epoch ms: the real time plus however far POST
 * /sandbox/clock/advance moved it. Everything the sandbox stores and shows is in this time
 * (docs/sandbox-operations.md#the-clock): the request log, status changes, webhook deliveries and
 * their attempts and due times. The brand keeps a plain number (a `Date.now()`, a duration) from
 * being stored or compared as one without a conversion that says so; real time is only ever
 * waited on (a timer), never stored.
 */
export type SandboxTime = number & { readonly [sandboxBrand]: true };

/** Now, on the sandbox's clock. */
export const sandboxTime = (clock: Clock): SandboxTime => clock.now().getTime() as SandboxTime;

/** A stored sandbox time read back (a row's INTEGER column). */
export const asSandboxTime = (ms: number): SandboxTime => ms as SandboxTime;
