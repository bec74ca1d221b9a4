// The README ships in the package tarball and is read outside the repository too, where only
// absolute links work; the docs/ pages are read in the repository. Every link must reach a file of the repository and, for a page,
// one of its headings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url).href);
const REPOSITORY = 'https://github.com/gateway-br/gateway-sdk/';

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown links outside code: [text](target). */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

/**
 * The repository paths a page names in code spans and code blocks: words that start with one of the
 * repository's source folders (`src/…`, `scripts/…`, `test/…`, `docs/…`, `examples/…`) or are one
 * of its root files. Patterns (`*`, `{file}`, `<page>`) and build output (`dist/`, written by the
 * build, git-ignored) are not paths to check; a `:line` after a file is dropped.
 */
function repositoryPathsOf(markdown: string): string[] {
  const code = [
    ...[...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!),
    ...[...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!),
  ];
  const paths = new Set<string>();
  for (const text of code)
    for (const [word] of text.matchAll(
      /(?<![\w./@-])(?:(?:src|scripts|test|docs|examples)\/[\w./@-]*|[\w.-]+\.(?:json|mjs|ts)\b)/g,
    )) {
      const path = word.replace(/:\d+$/, '').replace(/[.]+$/, '');
      if (/[*{}<>]|(^|\/)dist(\/|$)/.test(path)) continue;
      if (!path.includes('/') && !ROOT_FILES.has(path)) continue;
      paths.add(path.replace(/\/$/, ''));
    }
  return [...paths];
}
/** The root files a page may name without a folder. */
const ROOT_FILES = new Set(readdirSync(ROOT).filter((f) => /\.(json|mjs|ts)$/.test(f) && f !== 'package-lock.json'));

/** GitHub's anchors for a page's headings. */
function anchorsOf(markdown: string): Set<string> {
  const headings = markdown.replace(/^```[\s\S]*?^```/gm, '').match(/^#{1,6} .+$/gm) ?? [];
  return new Set(
    headings.map((h) =>
      h
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\- _]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** The repository file a link names (undefined: not a repository link), and its anchor. */
function target(page: string, link: string): { file: string; anchor?: string } | undefined {
  const [path, anchor] = link.split('#') as [string, string | undefined];
  if (link.startsWith(REPOSITORY)) {
    const rest = /^(?:blob|tree)\/main\/(.+)$/.exec(path.slice(REPOSITORY.length));
    return rest ? { file: rest[1]!.replace(/\/$/, ''), anchor } : { file: '', anchor };
  }
  if (/^[a-z]+:/.test(link)) return undefined;
  if (!path) return { file: page, anchor };
  return { file: normalize(join(dirname(page), path)).replace(/\/$/, ''), anchor };
}

describe('documentation links', () => {
  it('README.md is at most 250 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('README.md links only with absolute URLs (they work outside the repository too)', () => {
    const relative = linksOf(read('README.md')).filter((l) => !/^(https:|#)/.test(l));
    expect(relative).toEqual([]);
  });

  for (const page of pages) {
    it(`${page}: every link reaches a file of the repository, and a heading of it`, () => {
      for (const link of linksOf(read(page))) {
        const t = target(page, link);
        if (!t) continue;
        expect.soft(t.file, `${page}: ${link}`).not.toBe('');
        expect.soft(existsSync(join(ROOT, t.file)), `${page}: ${link} names ${t.file}`).toBe(true);
        if (t.anchor && t.file.endsWith('.md') && existsSync(join(ROOT, t.file))) {
          expect.soft([...anchorsOf(read(t.file))], `${page}: ${link}`).toContain(t.anchor);
        }
      }
    });
  }

  for (const page of pages) {
    it(`${page}: every repository path it names in code exists`, () => {
      for (const path of repositoryPathsOf(read(page)))
        expect.soft(existsSync(join(ROOT, path)), `${page} names \`${path}\``).toBe(true);
    });
  }

  it('no page, source or test names a Markdown file that is not in the repository', () => {
    // A document outside the repository (a specification, a design note) is no reference for a
    // reader of the package: the rules it holds are stated in docs/ in the project's own words.
    const skip = new Set([
      'node_modules',
      'dist',
      '.git',
      '.wireit',
      '.cache',
      'reports',
      'test-results',
      'playwright-report',
    ]);
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        if (skip.has(entry.name)) continue;
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else if (/\.(md|ts|mts|mjs|js|html)$/.test(entry.name)) files.push(path);
      }
    };
    walk('');
    // THIRD-PARTY-NOTICES.md is written into dist/ by the build (scripts/third-party-notices.mjs).
    const markdown = new Set([
      'THIRD-PARTY-NOTICES.md',
      ...files.filter((f) => f.endsWith('.md')).map((f) => f.split('/').pop()!),
    ]);
    for (const file of files) {
      const named = read(file).match(/\b[\w.-]+\.md\b/g) ?? [];
      expect
        .soft(
          named.filter((name) => !markdown.has(name)),
          file,
        )
        .toEqual([]);
    }
  });
});
