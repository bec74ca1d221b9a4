/** One edit of zod's source: what it replaces, `count` times (1 when not given), and why. */
export interface ZodTrimEdit {
  file: string;
  why: string;
  /** A string exactly, or a region from `start` to the first `end` after it. */
  from: string | { start: string; end: string };
  to: string;
  count?: number;
}
/** The zod classes the edits were reviewed for: a build that renders any other fails. */
export const TRIMMED_CLASSES: readonly string[];
/** Every edit, in the order it is applied. */
export const EDITS: readonly ZodTrimEdit[];
/** Applies the edits of one zod core file (`core`, `schemas` or `util`); throws when one does not match as it should. */
export function trimZodSource(file: string, code: string): import('magic-string').default;
/** The rollup (and vite) plugin. */
export function zodTrim(): import('rollup').Plugin;
