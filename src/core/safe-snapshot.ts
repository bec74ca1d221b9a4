import { errorItem, INVALID_PARAMETER, type ErrorItem } from './error-item';
import { formatPath } from './parameter-path';

/** Keys that reach an object's prototype: never copied from input, refused by the API. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Longest string the validators look at; longer ones are rejected before any regex runs. */
const MAX_STRING_LENGTH = 4096;
const MAX_DEPTH = 16;
const MAX_KEYS = 200;
// Caps the whole walk: a tree that shares one wide object on every level is small in memory
// but has exponentially many paths, and would otherwise never finish.
const MAX_VALUES = 10_000;

/**
 * Stands in for a value the snapshot could not take: its getter threw, it is circular, too
 * long or too large, or it is a function. No schema accepts a symbol, so a validator reading it
 * reports the path.
 */
export const UNREADABLE: unique symbol = Symbol('unreadable');

export interface Snapshot {
  /** A plain copy of the input, safe to read again and again. */
  value: unknown;
  /**
   * Why each {@link UNREADABLE} is there, keyed by its path. Only a validator knows which
   * paths matter (unknown keys are ignored), so it decides which of these to report.
   */
  problems: Map<string, ErrorItem>;
}

/**
 * Copies integrator input into plain data before validation. Input may be anything a page
 * hands us: getters that throw, proxies, class instances, cycles, megabyte strings. Validating
 * a copy means every value is read exactly once and each of those becomes {@link UNREADABLE}
 * with a problem instead of an exception or a hang. Object keys whose value is null are left
 * out, because integrations send null for "not given". A function becomes {@link UNREADABLE}
 * without a problem of its own: no rule accepts one, so its field gets the rule's own item, and a
 * function (a proxy of one, say) kept as it is would run page code when a rule or zod looked at it.
 */
export function safeSnapshot(input: unknown, root: ReadonlyArray<PropertyKey> = []): Snapshot {
  const problems = new Map<string, ErrorItem>();
  const ancestors = new Set<object>();
  let budget = MAX_VALUES;
  const fail = (path: PropertyKey[], rule: string) => {
    const name = formatPath(path) || 'request';
    problems.set(name, errorItem(INVALID_PARAMETER, name, rule));
    return UNREADABLE;
  };

  const copy = (v: unknown, path: PropertyKey[]): unknown => {
    if (--budget < 0) return fail(path, `is part of a request that is too large (over ${MAX_VALUES} values)`);
    if (typeof v === 'string')
      return v.length > MAX_STRING_LENGTH ? fail(path, `is too long (at most ${MAX_STRING_LENGTH} characters)`) : v;
    if (typeof v === 'function') return UNREADABLE;
    if (typeof v !== 'object' || v === null) return v;
    if (ancestors.has(v)) return fail(path, 'refers to itself (circular reference)');
    if (path.length - root.length > MAX_DEPTH) return fail(path, `is nested too deeply (at most ${MAX_DEPTH} levels)`);
    ancestors.add(v);
    try {
      if (Array.isArray(v)) {
        if (v.length > MAX_KEYS) return fail(path, `has too many elements (at most ${MAX_KEYS})`);
        return Array.from({ length: v.length }, (_, i) => read(v, i, path));
      }
      const keys = Object.keys(v);
      if (keys.length > MAX_KEYS) return fail(path, `has too many keys (at most ${MAX_KEYS})`);
      // Always a plain object, even from a class instance or another realm, so nothing the
      // page defined runs again while the validators read the copy.
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        if (PROTOTYPE_KEYS.has(key)) continue;
        const value = read(v, key, path);
        if (value !== null) out[key] = value;
      }
      return out;
    } catch {
      // A proxy whose traps throw, or a revoked one.
      return fail(path, 'could not be read');
    } finally {
      ancestors.delete(v);
    }
  };

  const read = (owner: object, key: PropertyKey, path: PropertyKey[]): unknown => {
    const at = [...path, key];
    let v: unknown;
    try {
      v = (owner as Record<PropertyKey, unknown>)[key];
    } catch {
      return fail(at, 'could not be read (its getter threw)');
    }
    return copy(v, at);
  };

  return { value: copy(input, [...root]), problems };
}
