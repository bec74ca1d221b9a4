import {
  INVALID_PARAMETER,
  REQUIRED_PARAMETER,
  UNEXPECTED_PARAMETER,
  errorItem,
  type ErrorItem,
} from '../../core/error-item';
import { METHOD_DATA_FIELD } from '../../core/three-ds-method';
import { decodeBase64UrlJson, encodeBase64UrlJson } from './base64url-json';
import { isUuid } from '../values/resource-id';

/** The content of the `threeDSMethodData` the SDK posts to the method URL (EMV 3DS), before base64url encoding. */
interface ThreeDsMethodData {
  threeDSServerTransID: string;
  threeDSMethodNotificationURL: string;
}

/** The content of the `threeDSMethodData` the ACS posts to the notification URL: the transaction id alone. */
interface ThreeDsMethodNotificationData {
  threeDSServerTransID: string;
}

type Read<T> = { ok: true; value: T } | { ok: false; errors: ErrorItem[] };

const F = METHOD_DATA_FIELD;
const isHttpUrl = (value: unknown) => {
  try {
    return typeof value === 'string' && value.length <= 2048 && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Decodes the field and checks its UUID `threeDSServerTransID`: the object (when it is one) and every problem found. */
function decode(encoded: string | null | undefined): { data?: Record<string, unknown>; errors: ErrorItem[] } {
  if (!encoded) return { errors: [errorItem(REQUIRED_PARAMETER, F, 'is required')] };
  const data = decodeBase64UrlJson(encoded);
  if (!data) return { errors: [errorItem(INVALID_PARAMETER, F, 'must be base64url-encoded JSON (no padding)')] };
  const id = data.threeDSServerTransID;
  const valid = typeof id === 'string' && isUuid(id);
  return {
    data,
    errors: valid ? [] : [errorItem(INVALID_PARAMETER, `${F}.threeDSServerTransID`, 'must be a lower-case UUID')],
  };
}

/**
 * Reads the `threeDSMethodData` the SDK posts to the method URL: base64url JSON with a UUID
 * `threeDSServerTransID` and an http(s) `threeDSMethodNotificationURL`. Each problem is an item naming the field.
 */
export function readMethodData(encoded: string | null | undefined): Read<ThreeDsMethodData> {
  const { data, errors } = decode(encoded);
  if (data && !isHttpUrl(data.threeDSMethodNotificationURL)) {
    const rule = 'must be an http(s) URL of at most 2048 characters';
    errors.push(errorItem(INVALID_PARAMETER, `${F}.threeDSMethodNotificationURL`, rule));
  }
  return data && !errors.length ? { ok: true, value: data as unknown as ThreeDsMethodData } : { ok: false, errors };
}

/**
 * Reads the `threeDSMethodData` the ACS posts to the notification URL. EMV 3DS has it hold the
 * `threeDSServerTransID` alone (docs/three-ds-flow.md), so any other key, the notification URL echoed
 * back included, is a 40003 naming it: a 3DS server written to the specification may refuse it too.
 */
export function readMethodNotificationData(encoded: string | null | undefined): Read<ThreeDsMethodNotificationData> {
  const { data, errors } = decode(encoded);
  for (const key of Object.keys(data ?? {}))
    if (key !== 'threeDSServerTransID')
      errors.push(errorItem(UNEXPECTED_PARAMETER, `${F}.${key}`, 'is not part of the ACS notification'));
  return data && !errors.length
    ? { ok: true, value: { threeDSServerTransID: data.threeDSServerTransID as string } }
    : { ok: false, errors };
}

/** What the ACS posts to the notification URL once its method ran: `threeDSMethodData` with the transaction id alone. */
export const methodNotificationData = (threeDSServerTransID: string): string =>
  encodeBase64UrlJson({ threeDSServerTransID } satisfies ThreeDsMethodNotificationData);
