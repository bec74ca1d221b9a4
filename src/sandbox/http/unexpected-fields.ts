import { UNEXPECTED_PARAMETER, type ErrorItem } from '../../core/error-item';

/**
 * One 40003 item per key of `body` the endpoint does not know. Merchant servers and the SDK
 * send exactly the documented fields, so an unknown one is a typo worth reporting, not ignoring.
 */
export function unexpectedFields(body: Record<string, unknown>, allowed: readonly string[], prefix = ''): ErrorItem[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((key) => {
      const name = prefix ? `${prefix}.${key}` : key;
      return {
        code: UNEXPECTED_PARAMETER,
        parameterName: name,
        description: `${name} is not a parameter of this endpoint (expected: ${allowed.join(', ')})`,
      };
    });
}
