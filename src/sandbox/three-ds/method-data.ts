import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { METHOD_DATA_FIELD } from '../../core/three-ds-method';
import { decodeBase64UrlJson } from './base64url-json';

/** The content of `threeDSMethodData` (EMV 3DS), before base64url encoding. */
export interface ThreeDsMethodData {
  threeDSServerTransID: string;
  threeDSMethodNotificationURL: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isHttpUrl = (value: unknown) => {
  try {
    return typeof value === 'string' && value.length <= 2048 && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Reads a posted `threeDSMethodData`: base64url JSON with a UUID `threeDSServerTransID` and an
 * http(s) `threeDSMethodNotificationURL`. Each problem is an item naming the field.
 */
export function readMethodData(
  encoded: string | null | undefined,
): { ok: true; value: ThreeDsMethodData } | { ok: false; errors: ErrorItem[] } {
  const f = METHOD_DATA_FIELD;
  if (!encoded)
    return { ok: false, errors: [{ code: REQUIRED_PARAMETER, parameterName: f, description: `${f} is required` }] };
  const data = decodeBase64UrlJson(encoded);
  if (!data)
    return {
      ok: false,
      errors: [
        { code: INVALID_PARAMETER, parameterName: f, description: `${f} must be base64url-encoded JSON (no padding)` },
      ],
    };
  const errors: ErrorItem[] = [];
  if (typeof data.threeDSServerTransID !== 'string' || !UUID.test(data.threeDSServerTransID)) {
    errors.push({
      code: INVALID_PARAMETER,
      parameterName: `${f}.threeDSServerTransID`,
      description: `${f}.threeDSServerTransID must be a lower-case UUID`,
    });
  }
  if (!isHttpUrl(data.threeDSMethodNotificationURL)) {
    errors.push({
      code: INVALID_PARAMETER,
      parameterName: `${f}.threeDSMethodNotificationURL`,
      description: `${f}.threeDSMethodNotificationURL must be an http(s) URL of at most 2048 characters`,
    });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: data as unknown as ThreeDsMethodData };
}
