import { expect } from 'vitest';
import { GatewayError } from '../../../src/sdk/index';

/** The rejection of a promise that must reject, checked to be a GatewayError. */
export async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(GatewayError);
  return outcome.error as GatewayError;
}
