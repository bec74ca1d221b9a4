// Rollup plugin: writes dist/THIRD-PARTY-NOTICES.md with the licence text of every npm package
// whose code a build bundled. MIT (zod, penpal, hono, @hono/node-server) lets us redistribute
// their code only with their copyright and permission notices; the build fails rather than ship
// a bundled package without one.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

export const NOTICES_FILE = 'dist/THIRD-PARTY-NOTICES.md';

/** Package directory -> notice; shared by every build of one rollup run. */
const found = new Map();

/** The package directory of a module path inside node_modules, or undefined for our own code. */
export function packageDirOf(id) {
  const path = id.replace(/^\0/, '').split('?')[0];
  const marker = `${sep}node_modules${sep}`;
  const at = path.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = path.slice(at + marker.length).split(sep);
  const depth = rest[0].startsWith('@') ? 2 : 1;
  return path.slice(0, at + marker.length) + rest.slice(0, depth).join(sep);
}

function noticeOf(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const names = readdirSync(dir);
  // A package offered under a choice of licences that includes MIT (@paulmillr/qr: "MIT OR
  // Apache-2.0") is taken under MIT, this package's own licence: its MIT text is the notice.
  const mit = /\bMIT\b/.test(pkg.license ?? '') && names.find((name) => /^licen[cs]e-mit(\.(md|txt))?$/i.test(name));
  const file = mit || names.find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  if (!file) return { name: pkg.name, error: `${pkg.name}: no LICENSE file in ${dir}` };
  return {
    name: pkg.name,
    version: pkg.version,
    license: pkg.license,
    text: readFileSync(join(dir, file), 'utf8').trim(),
  };
}

function render() {
  const notices = [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  const parts = notices.map((n) => `## ${n.name} ${n.version} (${n.license})\n\n\`\`\`\n${n.text}\n\`\`\`\n`);
  return `# Third-party notices\n\nThe files in dist/ bundle code from the packages below. Their licences follow, as their\nauthors require for redistribution.\n\n${parts.join('\n')}`;
}

export function thirdPartyNotices() {
  return {
    name: 'third-party-notices',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(chunk.modules)) {
          const dir = info.renderedLength > 0 ? packageDirOf(id) : undefined;
          if (!dir || found.has(dir)) continue;
          // Nested package.json files (zod/mini/package.json, say) are not packages: walk up to the one with a name.
          let root = dir;
          while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
          const notice = noticeOf(root);
          if (notice.error) this.error(notice.error);
          found.set(dir, notice);
        }
      }
    },
    writeBundle() {
      mkdirSync(dirname(NOTICES_FILE), { recursive: true });
      writeFileSync(NOTICES_FILE, render());
    },
  };
}
