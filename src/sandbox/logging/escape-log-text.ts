/**
 * Escapes what a client controls before it goes into a log line: control characters, spaces,
 * quotes, backslashes and anything beyond ASCII become `\xNN` / `\uNNNN`, so a request can
 * neither break the line nor write a second one that looks like a real request.
 */
export const escapeLogText = (text: string): string =>
  text.replace(/[^\x21-\x7e]|["\\]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (ch === '"' || ch === '\\') return `\\${ch}`;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
