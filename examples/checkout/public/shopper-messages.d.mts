// Types of shopper-messages.mjs, for the ESM example's TypeScript pages.
import type { ErrorCode } from '@gateway/sdk';

/** What the shopper reads for each GatewayError code: what happened and what to do. */
export const MESSAGES: Readonly<Record<ErrorCode, string>>;
/** For a failure the shopper can do nothing about but try again. */
export const FALLBACK: string;
