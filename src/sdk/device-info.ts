/** Browser facts the issuer's risk engine uses (EMV 3DS browser fields). */
export interface DeviceInfo {
  screenWidth: number;
  screenHeight: number;
  colorDepth: number;
  /** Minutes from UTC, as `Date#getTimezoneOffset` gives it. */
  timeZoneOffset: number;
  language: string;
  userAgent: string;
  javaEnabled: boolean;
  javascriptEnabled: true;
}

/** Reads the device information. Only call it in a browser. */
export function readDeviceInfo(): DeviceInfo {
  const s = window.screen;
  const n = window.navigator;
  return {
    screenWidth: s.width,
    screenHeight: s.height,
    colorDepth: s.colorDepth,
    timeZoneOffset: new Date().getTimezoneOffset(),
    language: n.language,
    userAgent: n.userAgent,
    // javaEnabled() is deprecated and always false in current browsers, but EMV 3DS asks for it.
    javaEnabled: typeof n.javaEnabled === 'function' ? n.javaEnabled() : false,
    javascriptEnabled: true,
  };
}
