import * as z from 'zod/mini';
import { CHALLENGE_WINDOW_SIZES } from '../../core/challenge-window-size';
import { EMV_COLOR_DEPTHS } from '../../core/color-depth';

const pixels = { error: 'must be an integer number of pixels from 0 to 65535' };
const minutes = { error: 'must be an integer number of minutes from -840 to 840' };
const userAgent = { error: 'must be a text of 1 to 2048 characters' };
const bool = { error: 'must be true or false' };

/**
 * The `device` of an authentication request: the EMV 3DS browser fields the SDK reads
 * (docs/three-ds-flow.md#browser-data); challengeWindowSize is optional for an older SDK. The
 * accept header and IP address are not here: the server takes them from the request, never from
 * the page.
 */
export const deviceBody = z.strictObject(
  {
    screenWidth: z.int(pixels).check(z.minimum(0, pixels), z.maximum(65_535, pixels)),
    screenHeight: z.int(pixels).check(z.minimum(0, pixels), z.maximum(65_535, pixels)),
    colorDepth: z.literal(EMV_COLOR_DEPTHS, {
      error: `must be one of the EMV 3DS color depths ${EMV_COLOR_DEPTHS.join(', ')}`,
    }),
    timeZoneOffset: z.int(minutes).check(z.minimum(-840, minutes), z.maximum(840, minutes)),
    language: z
      .string({ error: 'must be a language tag such as "pt-BR"' })
      .check(z.regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,4}$/, { error: 'must be a language tag such as "pt-BR"' })),
    userAgent: z.string(userAgent).check(z.minLength(1, userAgent), z.maxLength(2048, userAgent)),
    javaEnabled: z.boolean(bool),
    javascriptEnabled: z.boolean(bool),
    challengeWindowSize: z.optional(
      z.enum(CHALLENGE_WINDOW_SIZES, { error: `must be one of ${CHALLENGE_WINDOW_SIZES.join(', ')}` }),
    ),
  },
  { error: 'must be an object with the browser information the SDK sends with every authentication' },
);
