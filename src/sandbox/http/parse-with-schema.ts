import type * as z from 'zod/mini';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, UNEXPECTED_PARAMETER, type ErrorItem } from '../../core/error-item';
import type { Validation } from '../../core/authentication-request';
import { formatPath, isWithin } from '../../core/parameter-path';
import { PROTOTYPE_KEYS } from '../../core/safe-snapshot';
import { maskCardDigits } from '../logging/mask-card-digits';

/**
 * An error item for a field the provider would ignore rather than refuse: a key the request does
 * not know (or a read-only one, such as a charge's `created_at` echoed back), or a field that
 * means nothing for the payment type (a boleto's `capture`). Out of strict mode the field is
 * dropped and named instead; `ignorable` is where it sits in the body.
 */
export interface IgnorableItem extends ErrorItem {
  ignorable: readonly PropertyKey[];
}

/** The outcome of {@link parseWithSchema}: the parsed value, or one error item per parameter. */
export type Parsed<T> = Validation<T>;

/**
 * A parameter's path as an error item names it, card-like digit runs masked: a key is the client's
 * text, and a card number sent as a key (by mistake or to probe) must not come back in an answer.
 */
const shownPath = (segments: readonly PropertyKey[]) => maskCardDigits(formatPath(segments));

/**
 * Turns zod issues into the API's error items: 40001 when the value is absent, 40003 for each
 * key a strict object does not know, 40002 otherwise. Paths are written as the integrator
 * wrote them (`charges[0].payment_method.card.number`), after `root`.
 */
function issueItems(issues: ReadonlyArray<z.core.$ZodIssue>, root: ReadonlyArray<PropertyKey> = []): ErrorItem[] {
  const out: ErrorItem[] = [];
  const seen = new Set<string>();
  const add = (item: ErrorItem) => {
    if (seen.has(item.parameterName)) return;
    seen.add(item.parameterName);
    out.push(item);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const segments = [...root, ...issue.path, key];
        const path = shownPath(segments);
        // Ignorable: out of strict mode the field is dropped and named (http/ignored-fields.ts).
        const item: IgnorableItem = {
          code: UNEXPECTED_PARAMETER,
          parameterName: path,
          description: `${path} is not a parameter of this request`,
          ignorable: segments,
        };
        add(item);
      }
      continue;
    }
    const path = shownPath([...root, ...issue.path]) || 'body';
    // Any rule fails on an absent value, an enum or a literal too: that is "required", not "invalid".
    const missing = issue.input === undefined || issue.input === null;
    add({
      code: missing ? REQUIRED_PARAMETER : INVALID_PARAMETER,
      parameterName: path,
      description: missing ? `${path} is required: it ${issue.message}` : `${path} ${issue.message}`,
    });
  }
  return out;
}

/** Parses with a zod schema and reports problems as error items (see {@link issueItems}). */
export function parseWithSchema<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  root: ReadonlyArray<PropertyKey> = [],
): Parsed<z.infer<S>> {
  const result = schema.safeParse(input, { reportInput: true });
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: issueItems(result.error.issues, root) };
}

/**
 * The items of unknown keys (40003) first, the others in their order: the SDK's endpoints, the
 * session's and the public key's have always answered so, while zod reports unknown keys last.
 */
export function unexpectedFirst<T>(parsed: Parsed<T>): Parsed<T> {
  if (parsed.ok) return parsed;
  const unexpected = parsed.errors.filter((e) => e.code === UNEXPECTED_PARAMETER);
  return { ok: false, errors: [...unexpected, ...parsed.errors.filter((e) => e.code !== UNEXPECTED_PARAMETER)] };
}

/**
 * Adds cross-field problems to a schema's result: each is reported unless its parameter, or a
 * parent of it, already is (a missing `card` needs no second item for a missing `card.number`).
 */
export function withCrossFieldProblems<T>(parsed: Parsed<T>, cross: readonly ErrorItem[]): Parsed<T> {
  const errors = parsed.ok ? [] : [...parsed.errors];
  for (const item of cross) if (!errors.some((e) => isWithin(item.parameterName, e.parameterName))) errors.push(item);
  return parsed.ok && !errors.length ? parsed : { ok: false, errors };
}

/**
 * A JSON body with keys holding null dropped: to most integrations null means "not given".
 * Not the SDK's hostile-input snapshot: a parsed JSON body is plain data (no getters, no cycles),
 * and the body size limit already bounds it, so no length, count or depth is capped here and the
 * schemas report what is really wrong ("at most 100 items" for 150 of them). Iterative, so a
 * deeply nested body within the size limit cannot overflow the stack. Prototype keys are dropped,
 * and each one found is handed to `onPrototypeKey` (the body reader refuses them).
 */
export function withoutNulls(body: unknown, onPrototypeKey?: (key: string) => void): unknown {
  type Node = Record<string, unknown> | unknown[];
  const pending: Array<[Node, Node]> = [];
  const copy = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const out: Node = Array.isArray(v) ? [] : {};
    pending.push([v as Node, out]);
    return out;
  };
  const root = copy(body);
  while (pending.length) {
    const [from, to] = pending.pop()!;
    if (Array.isArray(from)) {
      for (let i = 0; i < from.length; i++) (to as unknown[])[i] = copy(from[i]);
      continue;
    }
    for (const key of Object.keys(from)) {
      const value = from[key];
      if (PROTOTYPE_KEYS.has(key)) onPrototypeKey?.(key);
      else if (value !== null) (to as Record<string, unknown>)[key] = copy(value);
    }
  }
  return root;
}
