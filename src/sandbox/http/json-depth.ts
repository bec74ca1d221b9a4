/**
 * The deepest nesting of objects and arrays a JSON body may have (docs/rules.md#limits). No request
 * of the API nests beyond 6; 64 leaves room for what integrations add (ignored fields, metadata)
 * while every walk after the body reader (the schemas, the tolerance of unknown fields, the
 * request log's redaction, JSON.stringify) may recurse without a stack to fear.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether a JSON text nests objects and arrays deeper than `max` levels (`{}` is one level,
 * `{"a":[]}` two), read from the text itself: no recursion, no parse, so it runs before any walk
 * could overflow. Every bracket outside a string opens or closes a level; in valid JSON that is
 * its exact depth, and for any other text a bound good enough to refuse it by.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}
