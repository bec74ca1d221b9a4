/**
 * The browser facts the SDK sends with an authentication (EMV 3DS browser fields), read by the
 * SDK and checked by the sandbox.
 */
export interface DeviceInfo {
  screenWidth: number;
  screenHeight: number;
  colorDepth: number;
  /** Minutes from UTC, as `Date#getTimezoneOffset` gives it. */
  timeZoneOffset: number;
  language: string;
  userAgent: string;
  javaEnabled: boolean;
  javascriptEnabled: boolean;
}
