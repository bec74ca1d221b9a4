import { AUTHENTICATIONS_PATH, type AuthenticationResource } from '../core/authentication-resource';
import { CONTINUE_PATH } from '../core/three-ds-method';
import { randomUuid } from '../core/trace-id';
import { loadChallengeModule } from './load-challenge-module';
import { challengeRun } from './build-challenge-run';
import type { ChallengeModule } from './challenge/run-challenge';
import { getConfig } from './config';
import { readDeviceInfo } from './read-device-info';
import { ErrorCode } from './errors/error-code';
import { GatewayError } from './errors/gateway-error';
import { callApi } from './transport';
import type { AuthenticationRequest, AuthenticationResult } from './types';
import { validateRequest } from './validate-request';

let running = false;

/**
 * Maps a final authentication to the result the integrator sees. Anything else the API could
 * answer (no final status, a completed flow without its id) is INVALID_RESPONSE: the promise
 * must never settle with a status the integrator cannot act on.
 */
function toResult(a: AuthenticationResource, traceId: string): AuthenticationResult {
  if (a.status === 'AUTH_FLOW_COMPLETED' && typeof a.id === 'string') {
    return {
      status: a.status,
      id: a.id,
      authenticationStatus: a.authentication_status ?? 'NOT_AUTHENTICATED',
      traceId,
    };
  }
  if (a.status === 'AUTH_NOT_SUPPORTED' || a.status === 'CHANGE_PAYMENT_METHOD') return { status: a.status, traceId };
  throw new GatewayError(
    ErrorCode.INVALID_RESPONSE,
    'The API answered an authentication without a final status and id.',
    { traceId },
  );
}

/**
 * Authenticates the card holder with 3-D Secure. Validates the request locally (no network
 * call when it is invalid), asks the API, runs the issuer's 3DS Method in a hidden frame when
 * the card range has one, shows the issuer's challenge when one is required,
 * and settles once: fulfilled with `{ status, id, authenticationStatus }`, or rejected with a
 * {@link GatewayError} whose `code` says what happened.
 *
 * @example
 * ```ts
 * import { authenticate3DS, GatewayError } from '@gateway/sdk';
 * try {
 *   const { status, id } = await authenticate3DS({
 *     data: {
 *       customer: {
 *         name: 'Maria Silva',
 *         email: 'maria@example.com.br',
 *         phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
 *       },
 *       paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: { encrypted: encryptedCard } },
 *       amount: { value: 15000, currency: 'BRL' },
 *       billingAddress: {
 *         street: 'Avenida Paulista', number: '1000', city: 'São Paulo',
 *         regionCode: 'SP', country: 'BRA', postalCode: '01310-100',
 *       },
 *     },
 *     dataOnly: false,
 *   });
 *   // AUTH_FLOW_COMPLETED: create the order with authentication_method { type: 'THREEDS', id }.
 * } catch (error) {
 *   if (error instanceof GatewayError) console.log(error.code, error.detail.traceId);
 * }
 * ```
 */
export async function authenticate3DS(request: AuthenticationRequest): Promise<AuthenticationResult> {
  const traceId = randomUuid();
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new GatewayError(
      ErrorCode.BROWSER_REQUIRED,
      'authenticate3DS needs a browser: call it from the checkout page, not during server-side rendering.',
      { traceId },
    );
  }
  const config = getConfig();
  if (!config) {
    throw new GatewayError(ErrorCode.NOT_SET_UP, 'Call Gateway.setUp({ session, env }) before authenticate3DS.', {
      traceId,
    });
  }
  const checked = validateRequest(request);
  if (!checked.ok) {
    const n = checked.errors.length;
    throw new GatewayError(
      ErrorCode.VALIDATION_ERROR,
      `The request has ${n} invalid parameter${n > 1 ? 's' : ''}: ${checked.errors.map((e) => e.parameterName).join(', ')}.`,
      {
        httpStatus: 400,
        traceId,
        errorMessages: checked.errors,
      },
    );
  }
  if (running) {
    throw new GatewayError(
      ErrorCode.ALREADY_IN_PROGRESS,
      'Another authenticate3DS is still running on this page: wait for it to settle.',
      { traceId },
    );
  }
  running = true;
  try {
    const { data, options } = checked.value;
    // The configuration holds the API's address, the session and the timeout under the names a call uses.
    const call = { ...config, traceId, signal: options.signal };
    let created = await callApi<AuthenticationResource>({
      ...call,
      method: 'POST',
      path: AUTHENTICATIONS_PATH,
      body: { data, device: readDeviceInfo() },
    });
    let code: ChallengeModule | undefined;
    if (created.status === 'REQUIRE_METHOD' && created.method) {
      // The card range has a 3DS Method URL: run it (in the challenge chunk), then let the API decide.
      code = await loadChallengeModule(config, options.signal, traceId);
      const seen = await code.runMethod({
        method: created.method,
        signal: options.signal,
        error: (c, message) => new GatewayError(c, message, { traceId }),
      });
      created = await callApi<AuthenticationResource>({
        ...call,
        method: 'POST',
        path: `${AUTHENTICATIONS_PATH}/${encodeURIComponent(created.id)}${CONTINUE_PATH}`,
        body: { methodCompletion: seen },
      });
    }
    if (created.status !== 'REQUIRE_CHALLENGE') return toResult(created, traceId);
    code ??= await loadChallengeModule(config, options.signal, traceId);
    return toResult(await code.runChallenge(challengeRun(created, config, options, traceId)), traceId);
  } finally {
    running = false;
  }
}
