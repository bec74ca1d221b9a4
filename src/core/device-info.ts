import type { ChallengeWindowSize } from './challenge-window-size';

/**
 * The browser facts the SDK sends with an authentication (EMV 3DS browser fields), read by the
 * SDK and checked by the sandbox.
 */
export interface DeviceInfo {
  screenWidth: number;
  screenHeight: number;
  /** Bits per pixel as EMV 3DS takes it: 1, 4, 8, 15, 16, 24, 32 or 48 (a 30-bit screen is sent as 24). */
  colorDepth: number;
  /** Minutes from UTC, as `Date#getTimezoneOffset` gives it. */
  timeZoneOffset: number;
  /** A BCP 47 language tag, such as `pt-BR`. */
  language: string;
  /** At most 2048 characters. */
  userAgent: string;
  javaEnabled: boolean;
  javascriptEnabled: boolean;
  /** The challenge window size the SDK chose from the viewport; optional (an older SDK sends none). */
  challengeWindowSize?: ChallengeWindowSize;
}
