import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import type { Validation } from '../../core/authentication-request';
import { CHALLENGE_WINDOW_SIZES } from '../../core/challenge-window-size';
import { EMV_COLOR_DEPTHS } from '../../core/color-depth';
import type { DeviceInfo } from '../../core/device-info';
import { unexpectedFields } from '../http/unexpected-fields';

type Rule = (v: unknown) => boolean;
const int =
  (min: number, max: number): Rule =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const bool: Rule = (v) => typeof v === 'boolean';

const RULES: Record<keyof DeviceInfo, [Rule, string]> = {
  screenWidth: [int(0, 65_535), 'must be an integer number of pixels from 0 to 65535'],
  screenHeight: [int(0, 65_535), 'must be an integer number of pixels from 0 to 65535'],
  colorDepth: [
    (v) => (EMV_COLOR_DEPTHS as readonly unknown[]).includes(v),
    `must be one of the EMV 3DS color depths ${EMV_COLOR_DEPTHS.join(', ')}`,
  ],
  timeZoneOffset: [int(-840, 840), 'must be an integer number of minutes from -840 to 840'],
  language: [
    (v) => typeof v === 'string' && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,4}$/.test(v),
    'must be a language tag such as "pt-BR"',
  ],
  userAgent: [
    (v) => typeof v === 'string' && v.length >= 1 && v.length <= 2048,
    'must be a text of 1 to 2048 characters',
  ],
  javaEnabled: [bool, 'must be true or false'],
  javascriptEnabled: [bool, 'must be true or false'],
  challengeWindowSize: [
    (v) => (CHALLENGE_WINDOW_SIZES as readonly unknown[]).includes(v),
    `must be one of ${CHALLENGE_WINDOW_SIZES.join(', ')}`,
  ],
};
const FIELDS = Object.keys(RULES) as Array<keyof DeviceInfo>;
// Sent by this SDK version on; an older SDK's request without it stays valid.
const OPTIONAL = new Set<keyof DeviceInfo>(['challengeWindowSize']);

/**
 * Validates the `device` of an authentication request (EMV 3DS browser fields, docs/sdk-endpoints.md);
 * items are named `device.<field>`. The accept header and IP address are not here: the server
 * takes them from the request, never from the page.
 */
export function validateDevice(input: unknown): Validation<DeviceInfo> {
  if (input === undefined || input === null) {
    return {
      ok: false,
      errors: [
        {
          code: REQUIRED_PARAMETER,
          parameterName: 'device',
          description: 'device is required: the SDK sends the browser information with every authentication',
        },
      ],
    };
  }
  if (typeof input !== 'object' || Array.isArray(input)) {
    return {
      ok: false,
      errors: [
        {
          code: INVALID_PARAMETER,
          parameterName: 'device',
          description: `device must be an object with ${FIELDS.join(', ')}`,
        },
      ],
    };
  }
  const device = input as Record<string, unknown>;
  const errors: ErrorItem[] = unexpectedFields(device, FIELDS, 'device');
  for (const field of FIELDS) {
    const [valid, rule] = RULES[field];
    const value = device[field];
    const name = `device.${field}`;
    if ((value === undefined || value === null) && OPTIONAL.has(field)) continue;
    if (value === undefined || value === null)
      errors.push({ code: REQUIRED_PARAMETER, parameterName: name, description: `${name} is required: it ${rule}` });
    else if (!valid(value))
      errors.push({ code: INVALID_PARAMETER, parameterName: name, description: `${name} ${rule}` });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: device as unknown as DeviceInfo };
}
