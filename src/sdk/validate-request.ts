import { validateAuthenticationData, type AuthenticationData, type Validation } from '../core/authentication-request';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../core/error-item';

/** The parts of a request the SDK itself acts on, besides the data it sends. */
export interface RequestOptions {
  beforeChallenge?: (info: never) => void;
  onStatusChange?: (status: never) => void;
  signal?: AbortSignal;
  challengeTimeout?: number;
}

const read = (owner: object, key: string): { value?: unknown; error?: true } => {
  try {
    return { value: (owner as Record<string, unknown>)[key] };
  } catch {
    return { error: true };
  }
};

const item = (code: string, parameterName: string, rule: string): ErrorItem => ({ code, parameterName, description: `${parameterName} ${rule}` });

/**
 * Validates a whole authenticate3DS request: the top-level fields here, `data` through the
 * core schema the sandbox uses too. Never throws.
 */
export function validateRequest(request: unknown): Validation<{ data: AuthenticationData; options: RequestOptions }> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return { ok: false, errors: [item(INVALID_PARAMETER, 'request', 'must be an object with data and dataOnly')] };
  }
  const errors: ErrorItem[] = [];
  const field = (key: string): unknown => {
    const r = read(request, key);
    if (r.error) errors.push(item(INVALID_PARAMETER, key, 'could not be read (its getter threw)'));
    return r.value;
  };
  const data = field('data');
  const inner = data && typeof data === 'object' ? read(data, 'dataOnly') : {};
  const outer = field('dataOnly');
  // Plugins written for SDKs of this shape put dataOnly inside data; both places are accepted.
  if (outer === undefined && inner.value === undefined) {
    if (!inner.error) errors.push(item(REQUIRED_PARAMETER, 'dataOnly', 'is required and must be false'));
  } else {
    if (outer !== undefined && outer !== false) errors.push(item(INVALID_PARAMETER, 'dataOnly', 'must be false'));
    if (inner.value !== undefined && inner.value !== false) errors.push(item(INVALID_PARAMETER, 'data.dataOnly', 'must be false'));
  }
  if (inner.error) errors.push(item(INVALID_PARAMETER, 'data.dataOnly', 'could not be read (its getter threw)'));

  const options: RequestOptions = {};
  for (const key of ['beforeChallenge', 'onStatusChange'] as const) {
    const fn = field(key);
    if (typeof fn === 'function') options[key] = fn as RequestOptions[typeof key];
    else if (fn !== undefined && fn !== null) errors.push(item(INVALID_PARAMETER, key, 'must be a function'));
  }
  const signal = field('signal');
  if (signal !== undefined && signal !== null) {
    if (typeof AbortSignal !== 'undefined' && signal instanceof AbortSignal) options.signal = signal;
    else errors.push(item(INVALID_PARAMETER, 'signal', 'must be an AbortSignal'));
  }
  const timeout = field('challengeTimeout');
  if (timeout !== undefined && timeout !== null) {
    if (typeof timeout === 'number' && Number.isInteger(timeout) && timeout >= 1000 && timeout <= 3_600_000) options.challengeTimeout = timeout;
    else errors.push(item(INVALID_PARAMETER, 'challengeTimeout', 'must be an integer number of milliseconds from 1000 to 3600000'));
  }

  if (data === undefined || data === null) {
    errors.push(item(REQUIRED_PARAMETER, 'data', 'is required'));
    return { ok: false, errors };
  }
  const result = validateAuthenticationData(data, ['data']);
  if (!result.ok) return { ok: false, errors: [...errors, ...result.errors] };
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { data: result.value, options } };
}
