import type { DeviceInfo } from '../core/device-info';

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
