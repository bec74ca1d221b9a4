import type { ErrorItem } from '../../core/error-item';

/** Most items one error answer lists. */
export const MAX_ERROR_ITEMS = 50;
/** Most characters of parameter names and descriptions one error answer holds (about 16 KB). */
const MAX_ERROR_CHARS = 16_000;
/** Longest parameter name or description kept whole; a longer one is cut, marked with `…`. */
const MAX_FIELD_CHARS = 300;

const cut = (text: string) => (text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS - 1)}…` : text);

/**
 * Caps the items of one error answer, in count and in size, so a request with thousands of
 * unknown keys cannot make the sandbox write megabytes back. When some are left out, a last
 * item (code of the first one left out, no parameter) says how many: the integrator fixes the
 * ones listed and sends again.
 */
export function cappedErrorItems(items: readonly ErrorItem[]): ErrorItem[] {
  const kept: ErrorItem[] = [];
  let chars = 0;
  for (const item of items) {
    const shown = { ...item, parameterName: cut(item.parameterName), description: cut(item.description) };
    chars += shown.parameterName.length + shown.description.length + shown.code.length;
    if (kept.length === MAX_ERROR_ITEMS || chars > MAX_ERROR_CHARS) break;
    kept.push(shown);
  }
  const left = items.length - kept.length;
  if (left > 0) {
    kept.push({
      code: items[kept.length]!.code,
      parameterName: '',
      description: `${left} more problem${left === 1 ? ' was' : 's were'} left out of this answer; fix the ones listed and send again.`,
    });
  }
  return kept;
}
