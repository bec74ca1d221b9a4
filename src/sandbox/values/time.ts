import type { Clock } from '../clock';

declare const sandboxBrand: unique symbol;
declare const wallBrand: unique symbol;

/**
 * A moment on the sandbox's clock, epoch ms: the real time plus however far POST
 * /sandbox/clock/advance moved it. Everything the sandbox stores and shows is in this time
 * (docs/sandbox-operations.md#the-clock).
 */
export type SandboxTime = number & { readonly [sandboxBrand]: true };

/**
 * A moment on the machine's real clock, epoch ms (Date.now()): only for waiting in real time
 * (a timer), never stored beside a sandbox time. The brands keep the two from being compared
 * or stored one for the other without a conversion that says so.
 */
export type WallTime = number & { readonly [wallBrand]: true };

/** Now, on the sandbox's clock. */
export const sandboxTime = (clock: Clock): SandboxTime => clock.now().getTime() as SandboxTime;

/** A stored sandbox time read back (a row's INTEGER column). */
export const asSandboxTime = (ms: number): SandboxTime => ms as SandboxTime;

/** Now, on the machine's clock. */
export const wallTime = (): WallTime => Date.now() as WallTime;
