import type { ApiErrorBody, ErrorItem } from '../core/error-item';
import { SESSION_HEADER } from '../core/session-header';
import { TRACE_HEADER } from '../core/trace-id';
import { ErrorCode } from './errors/error-code';
import { GatewayError } from './errors/gateway-error';

/** One call to the API. */
export interface ApiCall {
  method: 'GET' | 'POST';
  /** Absolute base URL, no trailing slash. Named as in the setUp configuration, which a call spreads. */
  apiUrl: string;
  path: string;
  body?: unknown;
  session: string;
  /** Sent as x-trace-id; the API logs it and answers with the trace id it used. */
  traceId: string;
  /** Milliseconds before the call fails with TIMEOUT. */
  timeout: number;
  /** The merchant's signal: aborting it fails the call with ABORTED. */
  signal?: AbortSignal;
}

const aborted = (traceId: string) =>
  new GatewayError(ErrorCode.ABORTED, 'The authentication was aborted by the merchant (signal).', { traceId });

const toItems = (body: unknown): ErrorItem[] => {
  const list = (body as Partial<ApiErrorBody> | null)?.error_messages;
  if (!Array.isArray(list)) return [];
  return list.slice(0, 50).map((i) => ({
    code: String(i?.code ?? ''),
    description: String(i?.description ?? ''),
    parameterName: String(i?.parameter_name ?? ''),
  }));
};

async function once<T>(call: ApiCall): Promise<T> {
  const { traceId } = call;
  if (call.signal?.aborted) throw aborted(traceId);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeout);
  const onAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onAbort);
  let response: Response;
  let text: string;
  try {
    // JSON.stringify(undefined) is undefined: a GET has no body, and no Content-Type.
    const payload = JSON.stringify(call.body) as string | undefined;
    response = await fetch(`${call.apiUrl}${call.path}`, {
      method: call.method,
      headers: {
        Accept: 'application/json',
        [SESSION_HEADER]: call.session,
        [TRACE_HEADER]: traceId,
        ...(payload && { 'Content-Type': 'application/json' }),
      },
      body: payload,
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
    });
    text = await response.text();
  } catch (cause) {
    if (call.signal?.aborted) throw aborted(traceId);
    if (timedOut)
      throw new GatewayError(
        ErrorCode.TIMEOUT,
        `The API did not answer within ${call.timeout} ms.`,
        { traceId },
        { cause },
      );
    throw new GatewayError(
      ErrorCode.NETWORK_ERROR,
      `The API at ${call.apiUrl} could not be reached (offline, blocked by CORS or CSP connect-src, or not running).`,
      { traceId },
      { cause },
    );
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onAbort);
  }

  const httpStatus = response.status;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: an answer without error items (or, for a 2xx, INVALID_RESPONSE below).
  }
  const errorMessages = toItems(body);
  const said = errorMessages
    .map((i) => i.description)
    .filter(Boolean)
    .join('; ');
  // How the refusals below end: the API's own descriptions when it gave any.
  const tail = said ? `: ${said}` : '.';
  // Every error below carries the same detail: the status, the API's trace id and its items.
  const fail = (code: ErrorCode, message: string): never => {
    throw new GatewayError(code, message, {
      httpStatus,
      traceId: response.headers.get(TRACE_HEADER) || traceId,
      errorMessages,
    });
  };
  if (response.ok) {
    if (!body || typeof body !== 'object')
      fail(ErrorCode.INVALID_RESPONSE, `The API answered ${httpStatus} with a body that is not JSON.`);
    return body as T;
  }
  if (httpStatus >= 500) fail(ErrorCode.SERVER_ERROR, `The API failed (${httpStatus})${tail}`);
  if (httpStatus === 401)
    fail(
      ErrorCode.SESSION_EXPIRED,
      'The session expired or is unknown: create a new session on your server and call setUp with it.',
    );
  if ((httpStatus === 400 || httpStatus === 422) && errorMessages.length)
    fail(ErrorCode.VALIDATION_ERROR, `The API refused the request: ${said}`);
  return fail(ErrorCode.REQUEST_REJECTED, `The API refused the request (${httpStatus})${tail}`);
}

/**
 * Calls the API and returns its JSON body, or throws a GatewayError with a stable code,
 * the HTTP status and the trace id. A GET is retried once after a network failure or a 5xx;
 * a POST never is, so a payment step is never submitted twice.
 */
export async function callApi<T>(call: ApiCall): Promise<T> {
  try {
    return await once<T>(call);
  } catch (error) {
    const retryable =
      error instanceof GatewayError &&
      (error.code === ErrorCode.NETWORK_ERROR || error.code === ErrorCode.SERVER_ERROR);
    if (call.method !== 'GET' || !retryable) throw error;
    return once<T>(call);
  }
}
