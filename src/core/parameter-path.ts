/** Formats a path as an integrator writes it: `data.customer.phones[0].number`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** True when `path` is `prefix` or lies inside it (`card.number` inside `card`, `phones[0]` inside `phones`). */
export const isWithin = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
