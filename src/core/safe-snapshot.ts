import { INVALID_PARAMETER, type ErrorItem } from './error-item';
import { formatPath } from './parameter-path';

/** Longest string the validators look at; longer ones are rejected before any regex runs. */
export const MAX_STRING_LENGTH = 4096;
const MAX_DEPTH = 16;
const MAX_KEYS = 200;

export interface Snapshot {
  /** A plain copy of the input, safe to read again and again. */
  value: unknown;
  /** Problems found while copying: getters that threw, cycles, oversized values. */
  problems: ErrorItem[];
}

const isPlain = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * Copies integrator input into plain data before validation. Input may be anything a page
 * hands us: getters that throw, proxies, cycles, megabyte strings. Validating a copy means
 * every value is read exactly once and each of those becomes an error item instead of an
 * exception or a hang. Class instances (an AbortSignal, say) and functions are kept as they are.
 */
export function safeSnapshot(input: unknown, root: ReadonlyArray<PropertyKey> = []): Snapshot {
  const problems: ErrorItem[] = [];
  const ancestors = new Set<object>();
  const problem = (path: PropertyKey[], description: string) =>
    problems.push({ code: INVALID_PARAMETER, parameterName: formatPath(path) || 'request', description: `${formatPath(path) || 'request'} ${description}` });

  const copy = (v: unknown, path: PropertyKey[]): unknown => {
    if (typeof v === 'string') {
      if (v.length > MAX_STRING_LENGTH) {
        problem(path, `is too long (at most ${MAX_STRING_LENGTH} characters)`);
        return undefined;
      }
      return v;
    }
    if (typeof v !== 'object' || v === null) return v;
    if (ancestors.has(v)) {
      problem(path, 'refers to itself (circular reference)');
      return undefined;
    }
    if (path.length - root.length > MAX_DEPTH) {
      problem(path, `is nested too deeply (at most ${MAX_DEPTH} levels)`);
      return undefined;
    }
    ancestors.add(v);
    try {
      const isArray = Array.isArray(v);
      if (!isArray && !isPlain(v)) return v;
      const keys = isArray ? [] : Object.keys(v);
      const size = isArray ? v.length : keys.length;
      if (size > MAX_KEYS) {
        problem(path, `has too many ${isArray ? 'elements' : 'keys'} (at most ${MAX_KEYS})`);
        return undefined;
      }
      if (isArray) return Array.from({ length: size }, (_, i) => read(v, i, path));
      const out: Record<string, unknown> = {};
      for (const key of keys) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
        out[key] = read(v, key, path);
      }
      return out;
    } catch {
      problem(path, 'could not be read');
      return undefined;
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
      problem(at, 'could not be read (its getter threw)');
      return undefined;
    }
    return copy(v, at);
  };

  return { value: copy(input, [...root]), problems };
}
