import { chooseWindowSize } from '../core/challenge-window-size';
import { emvColorDepth } from '../core/color-depth';
import type { DeviceInfo } from '../core/device-info';

// A BCP 47 tag as the API checks it; a browser that gives something else sends the tag for "undetermined".
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,4}$/;

/**
 * Reads the EMV 3DS browser data, and the challenge window size for the viewport. The accept
 * header and IP address are the server's to read from the request. Only call it in a browser.
 */
export function readDeviceInfo(): DeviceInfo {
  // The window's own globals (screen, navigator, innerWidth): `window.` would only add bytes.
  const s = screen;
  const n = navigator;
  return {
    screenWidth: s.width,
    screenHeight: s.height,
    colorDepth: emvColorDepth(s.colorDepth),
    timeZoneOffset: new Date().getTimezoneOffset(),
    language: LANGUAGE_TAG.test(n.language) ? n.language : 'und',
    // EMV caps browserUserAgent at 2048 characters; the API refuses a longer one.
    userAgent: n.userAgent.slice(0, 2048),
    // javaEnabled() is deprecated and always false in current browsers, but EMV 3DS asks for it.
    javaEnabled: n.javaEnabled?.() ?? false,
    javascriptEnabled: true,
    challengeWindowSize: chooseWindowSize(innerWidth, innerHeight),
  };
}
