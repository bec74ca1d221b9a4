import { isLuhnValid } from '../../core/luhn';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../http/json-depth';

/** The most of one body the request log keeps, in characters; the rest is cut and said to be. */
const MAX_BODY_CHARS = 16_384;

const REDACTED = '[redacted]';
const DIGITS = '[digits]';

/**
 * How deep the walk goes, JSON held in string fields included (each such string starts over from
 * its own depth): past it the body is not kept. The body's own nesting is refused at
 * {@link MAX_JSON_DEPTH} before the walk starts, so only strings of JSON within strings get here.
 */
const MAX_WALK_DEPTH = 4 * MAX_JSON_DEPTH;

/** A key as compared: compatibility forms folded (full-width letters), lower case, letters and digits only. */
const keyName = (key: string) =>
  (/^[\x20-\x7e]*$/.test(key) ? key : key.normalize('NFKC')).toLowerCase().replace(/[^a-z0-9]/g, '');

/** Key names whose value is card data wherever they are (`security_code`, `securityCode`, `CVV2`, `cardNumber`, …). */
const SECRET_KEY = /securitycode|cvv|cvc|cardnumber|cardcode|encryptedcard|^pan$|^csc$/;

const SECURITY_CODE_LIKE = /^\s*\d{3,4}\s*$/;

/**
 * Whether a key's value is card data, whatever it looks like: a security code is 3 or 4 digits,
 * which no digit mask can tell from an amount. A card's `number`, and its `encrypted` form (the
 * sandbox keeps the private key beside the log, so the ciphertext is the card), under any key
 * naming a card; a `card` that is a plain value rather than an object.
 */
function isSecret(key: string, parent: string, value: unknown): boolean {
  const name = keyName(key);
  if (SECRET_KEY.test(name)) return true;
  if ((name === 'number' || name === 'encrypted') && keyName(parent).includes('card')) return true;
  // A challenge's one-time code is 6 digits: 3 or 4 sent as a `code` are likely the security code.
  if (name === 'code' && SECURITY_CODE_LIKE.test(String(value))) return true;
  return (name === 'card' || name === 'cards') && (typeof value !== 'object' || value === null);
}

/**
 * A UUID with a hex letter (trace and resource ids) is kept whole: a random one often holds a run
 * of digits long enough to look like a card, and no card number written by anyone has hex letters
 * in it. Else a run of digits (of any script), each pair apart by at most three characters that
 * are neither letters nor digits nor JSON's or a form's punctuation: `4000 0000-0000.2503`,
 * `4000%200000…`, zero-width or replacement characters between digits.
 */
const DIGIT_RUN =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\p{Nd}(?:(?:%20|[^\p{L}\p{Nd}"'{}[\]():;,=&<>%]){0,3}\p{Nd})*/giu;
const UUID_WITH_LETTER = /^(?=.*[a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a run of digits holds a card number (docs/console.md#what-the-log-keeps-of-a-body): 13
 * to 19 of its digits in a row that pass the Luhn check, anywhere in it, so a card with more
 * digits written around it is found too. Other long digit runs are kept: a merchant's reference such as
 * `cobranca-1795878563495` is masked only in the one case in ten where it passes the check.
 * Digits of another script than ASCII are not read for their value: 13 of them are masked as they are.
 */
function holdsCardNumber(run: string): boolean {
  const digits = run.replace(/%20|[^\p{Nd}]/gu, '');
  if (digits.length < 13) return false;
  if (/[^0-9]/.test(digits)) return true;
  for (let length = 13; length <= 19; length++) {
    for (let start = 0; start + length <= digits.length; start++) {
      if (isLuhnValid(digits.slice(start, start + length))) return true;
    }
  }
  return false;
}

/**
 * Whether a text is plain ASCII with fewer than 13 digits in all: then it holds no card number,
 * and most texts of a body are let through by this loop alone, without a regular expression.
 */
function tooFewDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7e) return false;
    if (c >= 0x30 && c <= 0x39 && ++digits === 13) return false;
  }
  return true;
}

const maskDigits = (text: string) =>
  tooFewDigits(text)
    ? text
    : text.replace(DIGIT_RUN, (run) => (UUID_WITH_LETTER.test(run) || !holdsCardNumber(run) ? run : DIGITS));

/**
 * A security code written as text beside its name (`cvv: 987`, `security_code=987`, percent-encoded
 * or JSON-escaped): the name kept, the value redacted.
 */
const LABELLED_CODE =
  /(security(?:[\s_-]|\\u005f)?code|cvv2?|cvc2?)((?:[\s"':=\\]|%(?:2[027]|3[ad]))+)([^\s"'&,;{}[\]\\%]+)/giu;

const MAY_LABEL_CODE = /security|cv[vc]/i;

/**
 * A text of the body (a value, a key) with card data masked. A text that is JSON itself (an
 * integration's serialised field) is redacted as a body; one that only looks like JSON is not kept,
 * as its keys cannot be read.
 */
function redactText(text: string, depth: number): string {
  const trimmed = text.trim();
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  if ((first === '{' && last === '}') || (first === '[' && last === ']')) {
    let inner: unknown;
    try {
      if (nestsDeeperThan(trimmed, MAX_WALK_DEPTH - depth)) return REDACTED;
      inner = JSON.parse(trimmed);
    } catch {
      return REDACTED;
    }
    return JSON.stringify(redactJson(inner, '', '', depth + 1));
  }
  const masked = maskDigits(text);
  return MAY_LABEL_CODE.test(masked) ? masked.replace(LABELLED_CODE, `$1$2${REDACTED}`) : masked;
}

/** A number as a text of digits: one past 2^53 was rounded by the parse, so its digits are unknown and it is masked. */
const redactNumber = (n: number): number | string =>
  Math.abs(n) >= 2 ** 53 || ((!Number.isInteger(n) || Math.abs(n) >= 1e12) && maskDigits(String(n)) !== String(n))
    ? DIGITS
    : n;

/**
 * The parsed body with card data out: values by their key ({@link isSecret}), every text and
 * number by {@link maskDigits}, keys too. An array's items are named by the array's key, so a
 * `cards` list's numbers are found. Recursion is safe: the depth was bounded before.
 */
function redactJson(value: unknown, key: string, parent: string, depth: number): unknown {
  if (depth > MAX_WALK_DEPTH) throw new RangeError('nested too deep');
  if (isSecret(key, parent, value)) return REDACTED;
  if (typeof value === 'string') return redactText(value, depth);
  if (typeof value === 'number') return redactNumber(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, key, parent, depth + 1));
  if (value && typeof value === 'object') {
    // A plain object and a plain loop: an object without a prototype is a dictionary to V8, which
    // JSON.stringify writes several times slower (docs/performance.md#the-journal); `__proto__` is
    // then defined as an own property, as JSON.parse made it, never assigned (which sets the prototype).
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const name = redactText(k, depth);
      const item = redactJson((value as Record<string, unknown>)[k], k, key, depth + 1);
      if (name === '__proto__') Object.defineProperty(out, name, { value: item, enumerable: true, writable: true });
      else out[name] = item;
    }
    return out;
  }
  return value;
}

/** A form's part, percent-encoded as a form encodes it, the brackets of `card[number]` left legible. */
const formPart = (text: string) =>
  encodeURIComponent(text).replace(/%20/g, '+').replace(/%5B/gi, '[').replace(/%5D/gi, ']');

/** Characters a form body may hold: no spaces, quotes, braces or other text that a form's encoder escapes. */
const FORM_BODY = /^[^\s"'{}<>\\^`|]*=[^\s"'{}<>\\^`|]*$/;

/**
 * A form body (`a=1&card[number]=…`) decoded pair by pair and written again with card data out;
 * a key is judged by its last name and the one before (`card[number]`, `card.security_code`).
 */
function redactForm(text: string): string {
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(text)) {
    const names = key.split(/[[\].]+/).filter(Boolean);
    const shown = isSecret(names.at(-1) ?? '', names.at(-2) ?? '', value) ? REDACTED : redactText(value, 1);
    parts.push(`${formPart(redactText(key, 1))}=${formPart(shown)}`);
  }
  return parts.join('&');
}

/** What the log keeps of a body it does not keep: why, and its size, never a part of it. */
const notKept = (why: string, text: string) => `[body not kept: ${why}; ${Buffer.byteLength(text)} bytes]`;

function redacted(text: string): string {
  // A byte-order mark is no part of the JSON (the body reader's decoder drops it too).
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Bytes that are not UTF-8 arrive as U+FFFD. They hide no digit (digits are ASCII, always
  // decoded): between digits one is a separator like any other, in a key it is dropped with the
  // rest of its punctuation, so the body is redacted as any other.
  if (nestsDeeperThan(body)) return notKept(`it nests more than ${MAX_JSON_DEPTH} levels deep`, text);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    if (FORM_BODY.test(body)) return redactForm(body);
    const at = /position (\d+)/.exec(String(error))?.[1];
    return notKept(
      `it is neither JSON${at ? ` (an error at character ${at})` : ''} nor a form, so card data in it cannot be found`,
      text,
    );
  }
  // `text`, not `body`: one with a byte-order mark takes the walk (the tests compare both ways by it).
  return JSON.stringify(mayHoldCardData(text) ? redactJson(value, '', '', 0) : value);
}

/** Breaks a run of digits as {@link DIGIT_RUN} reads it: JSON's and a form's punctuation (not `%`, which may start `%20`). */
const RUN_BREAK: ReadonlySet<number> = new Set(Array.from('"\'{}[]():;,=&<>', (c) => c.charCodeAt(0)));

/** A name {@link isSecret} or {@link LABELLED_CODE} may find, in the body's letters run together. */
const MAY_NAME_CARD_DATA = /card|cvv|cvc|security|pan|csc|code/;

/**
 * Whether the walk ({@link redactJson}) could change anything in a JSON text: false only for a
 * text it would keep as it is, which is then written again without the walk (most of the
 * sandbox's own answers; docs/performance.md#the-journal). Fails closed: any doubt is true. The
 * text must be ASCII without escapes (so each string of it reads as written), with no run of 13
 * digits even counting every character other than a letter or JSON's punctuation as a separator
 * (a superset of the runs {@link DIGIT_RUN} finds, `%20` included), no number with an exponent
 * (`1e20` is written out in digits), no string that opens as JSON (`"{`, walked as a body), and,
 * in its letters run together and lower-cased, no name a key of card data holds.
 */
function mayHoldCardData(text: string): boolean {
  let digits = 0;
  let gap = 0;
  let inString = false;
  let opened = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7e || c === 0x5c) return true;
    if (c >= 0x30 && c <= 0x39) {
      if (++digits === 13) return true;
      gap = 0;
    } else if (((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || RUN_BREAK.has(c) || ++gap > 3) {
      // An exponent: an `e` right after a digit outside a string (no escapes, so each quote opens or closes one).
      if ((c | 0x20) === 0x65 && !inString && digits > 0 && gap === 0) return true;
      digits = 0;
      gap = 0;
    }
    if (opened && c !== 0x20) {
      if (c === 0x7b || c === 0x5b) return true;
      opened = false;
    }
    if (c === 0x22) {
      inString = !inString;
      opened = inString;
    }
  }
  return MAY_NAME_CARD_DATA.test(text.replace(/[^a-zA-Z]+/g, '').toLowerCase());
}

/**
 * A body as the request log keeps it (docs/console.md#what-the-log-keeps-of-a-body). JSON (whatever its content
 * type) is parsed and written again with every card number, security code and encrypted card
 * replaced by `[redacted]` (by key, however the key is written or escaped: the parse decodes it)
 * and every digit run holding a card number masked `[digits]`, in values and keys alike; a
 * duplicate key keeps what the API read, the last. A form body likewise, pair by pair. Anything
 * else, and a body the walk fails on for any reason, is not kept: a marker says why and how large
 * it was. Fails closed: no path returns a part of the text unredacted. Cut at {@link MAX_BODY_CHARS}.
 */
export function redactBody(text: string): string {
  let shown: string;
  try {
    shown = redacted(text);
  } catch (error) {
    shown = notKept(`it could not be redacted (${error instanceof Error ? error.name : 'error'})`, text);
  }
  return shown.length > MAX_BODY_CHARS ? `${shown.slice(0, MAX_BODY_CHARS)}… [cut]` : shown;
}
