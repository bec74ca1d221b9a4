import { UNEXPECTED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { escapeLogText } from '../logging/escape-log-text';
import { maskCardDigits } from '../logging/mask-card-digits';
import type { IgnorableItem, Parsed } from './parse-with-schema';

/**
 * The answer header naming the request body's fields the sandbox ignored (docs/rules.md#unknown-fields),
 * comma separated, as paths the integrator wrote: `charges[0].created_at,notification_url`.
 */
export const IGNORED_FIELDS_HEADER = 'x-gateway-ignored-fields';

const isIgnorable = (item: ErrorItem): item is IgnorableItem =>
  item.code === UNEXPECTED_PARAMETER && Array.isArray((item as Partial<IgnorableItem>).ignorable);

/** `charges[0].payment_method.capture` as its keys: the paths the sandbox itself writes (known field names only). */
export const pathSegments = (name: string): PropertyKey[] =>
  [...name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] === undefined ? m[1]! : Number(m[2])));

/** A copy of `body` without the fields at `paths` (the caller's body is kept as sent: idempotency compares it). */
function without(body: Record<string, unknown>, paths: ReadonlyArray<readonly PropertyKey[]>): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const path of paths) {
    let node: unknown = copy;
    for (const key of path.slice(0, -1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
    if (node && typeof node === 'object') delete (node as Record<PropertyKey, unknown>)[path[path.length - 1]!];
  }
  return copy;
}

/**
 * Parses a body as the provider does: a field it does not know, or one that means nothing here,
 * is dropped and the rest parsed again, rather than the request refused; what was dropped is
 * returned by name. Other problems (a required field missing, a wrong value) answer 400 as ever.
 * Bounded rounds: dropping a field can bring no new unknown one, but an error under a parent
 * that turns out unknown is only reported once the parent goes.
 */
export function parseIgnoringUnknown<T>(
  parse: (body: Record<string, unknown>) => Parsed<T>,
  raw: Record<string, unknown>,
): { parsed: Parsed<T>; ignored: string[] } {
  const ignored: string[] = [];
  let body = raw;
  let parsed = parse(body);
  for (let round = 0; round < 3 && !parsed.ok; round++) {
    const items = parsed.errors.filter(isIgnorable);
    if (!items.length) break;
    ignored.push(...items.map((i) => i.parameterName));
    body = without(
      body,
      items.map((i) => i.ignorable),
    );
    parsed = parse(body);
  }
  return { parsed, ignored };
}

/** The most of the header's value: a client's HTTP library may refuse a longer header (Node's allows 16 KB in all). */
const MAX_HEADER_CHARS = 2_000;

/**
 * The names for the header and the log line: card-like digit runs masked and anything beyond
 * printable ASCII escaped (a key is the client's text), cut with a count past 2,000 characters.
 */
export function ignoredFieldsText(ignored: readonly string[]): string {
  const names = ignored.map((name) => escapeLogText(maskCardDigits(name)));
  let text = '';
  for (const [i, name] of names.entries()) {
    const next = text ? `${text},${name}` : name;
    if (next.length > MAX_HEADER_CHARS) return `${text},...(${names.length - i} more)`;
    text = next;
  }
  return text;
}
