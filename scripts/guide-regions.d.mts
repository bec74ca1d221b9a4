/** A fenced block of a guide that quotes a region of examples/minimal. */
export interface GuideBlock {
  /** The quoted file, from the repository root. */
  file: string;
  /** The region's name (`#region guide:<region>`). */
  region: string;
  /** The block's code as the Markdown has it. */
  code: string;
  /** The marker's line, 1-based. */
  line: number;
}
/** The repository root. */
export declare const ROOT: string;
/** The Markdown files that quote the example. */
export declare const GUIDE_FILES: readonly string[];
/** Every `guide:` region of a file's text, by name, dedented. */
export declare function regionsOf(text: string): Map<string, string>;
/** The quoted blocks of a Markdown text. */
export declare function blocksOf(markdown: string): GuideBlock[];
/** The region a block quotes, read from the repository; throws when it does not exist. */
export declare function regionFor(file: string, region: string): string;
/** The Markdown with every quoted block replaced by its region as it is now. */
export declare function synced(markdown: string): string;
