import { validateAuthenticationData, type AuthenticationData, type Validation } from '../core/authentication-request';
import { errorItem as item, INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../core/error-item';
import { UNREADABLE } from '../core/safe-snapshot';
import type { AuthenticationRequest } from './types';

/** The parts of a request the SDK itself acts on, besides the data it sends. */
export type RequestOptions = Pick<
  AuthenticationRequest,
  'beforeChallenge' | 'onStatusChange' | 'signal' | 'challengeTimeout'
>;

// instanceof runs a proxy's getPrototypeOf trap, which may throw; so does naming AbortSignal where
// the global is missing (a ReferenceError): either way it is not a signal.
const isAbortSignal = (v: unknown): v is AbortSignal => {
  try {
    return v instanceof AbortSignal;
  } catch {
    return false;
  }
};

const isFunction = (v: unknown) => typeof v === 'function';

/** The request's options, in the order they are read and reported: the key, its test, the rule it breaks. */
const OPTIONS: ReadonlyArray<readonly [keyof RequestOptions, (v: unknown) => boolean, string]> = [
  ['beforeChallenge', isFunction, 'must be a function'],
  ['onStatusChange', isFunction, 'must be a function'],
  ['signal', isAbortSignal, 'must be an AbortSignal'],
  [
    'challengeTimeout',
    (v) => Number.isInteger(v) && (v as number) >= 1000 && (v as number) <= 3_600_000,
    'must be an integer number of milliseconds from 1000 to 3600000',
  ],
];

/**
 * Validates a whole authenticate3DS request: the top-level fields here, `data` through the
 * core schema the sandbox uses too. Never throws.
 */
export function validateRequest(request: unknown): Validation<{ data: AuthenticationData; options: RequestOptions }> {
  try {
    return validateObject(request);
  } catch {
    // Array.isArray and instanceof throw on a revoked proxy; no input may escape as a TypeError.
    return { ok: false, errors: [item(INVALID_PARAMETER, 'request', 'could not be read')] };
  }
}

function validateObject(request: unknown): Validation<{ data: AuthenticationData; options: RequestOptions }> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return { ok: false, errors: [item(INVALID_PARAMETER, 'request', 'must be an object with data and dataOnly')] };
  }
  const errors: ErrorItem[] = [];
  // Reads one field; a getter that throws becomes one item and UNREADABLE, reported nowhere else.
  const field = (owner: object, key: string, name = key): unknown => {
    try {
      return (owner as Record<string, unknown>)[key];
    } catch {
      errors.push(item(INVALID_PARAMETER, name, 'could not be read (its getter threw)'));
      return UNREADABLE;
    }
  };
  const data = field(request, 'data');
  const outer = field(request, 'dataOnly');
  const inner = data && typeof data === 'object' ? field(data, 'dataOnly', 'data.dataOnly') : undefined;
  // Plugins written for SDKs of this shape put dataOnly inside data; both places are accepted.
  // null is "not given", as everywhere else in the request.
  if (outer == null && inner == null)
    errors.push(item(REQUIRED_PARAMETER, 'dataOnly', 'is required and must be false'));
  if (outer != null && outer !== false && outer !== UNREADABLE)
    errors.push(item(INVALID_PARAMETER, 'dataOnly', 'must be false'));
  if (inner != null && inner !== false && inner !== UNREADABLE)
    errors.push(item(INVALID_PARAMETER, 'data.dataOnly', 'must be false'));

  const options: RequestOptions = {};
  for (const [key, valid, rule] of OPTIONS) {
    const value = field(request, key);
    // The integrator's function is called as given; its signature is theirs to get right.
    if (valid(value)) (options as Record<string, unknown>)[key] = value;
    else if (value != null && value !== UNREADABLE) errors.push(item(INVALID_PARAMETER, key, rule));
  }

  if (data == null) errors.push(item(REQUIRED_PARAMETER, 'data', 'is required'));
  if (data == null || data === UNREADABLE) return { ok: false, errors };
  const result = validateAuthenticationData(data);
  if (result.ok && !errors.length) return { ok: true, value: { data: result.value, options } };
  if (result.ok) return { ok: false, errors };
  // When data itself could not be read, that one item says all there is about data.dataOnly too.
  const dataUnreadable = result.errors.some((e) => e.parameterName === 'data');
  return {
    ok: false,
    errors: [...errors.filter((e) => !(dataUnreadable && e.parameterName === 'data.dataOnly')), ...result.errors],
  };
}
