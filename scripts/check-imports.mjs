// The import rules of docs/architecture.md, checked on src/:
//   node scripts/check-imports.mjs boundaries  core imports nothing outside core, sdk and sandbox never
//                                              import each other, and every core file is used by both
//   node scripts/check-imports.mjs cycles      no import circle (type-only imports count: a circle of
//                                              types is still two files that cannot be read apart)
//   node scripts/check-imports.mjs folders     lists the folders of src/sandbox that import each other
//                                              (a figure for reviews, not a rule: exits 0)
// Exits 1 and names the files when a rule is broken.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Which part a file belongs to: the folder under src/. */
const partOf = (file) => file.split('/')[1];

/** The parts each part may import, besides itself (testing drives a running sandbox). */
const ALLOWED = { core: [], sdk: ['core'], sandbox: ['core'], testing: ['core', 'sandbox'] };

/** The sandbox folders that import nothing of the sandbox outside themselves: storage knows no domain. */
const SELF_CONTAINED = ['src/sandbox/storage/'];

/** Relative import specifiers of a source text: static imports, re-exports and dynamic imports. */
export function specifiers(text) {
  const out = [];
  for (const m of text.matchAll(
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^import\s*['"](\.[^'"]+)['"]/gm,
  )) {
    out.push(m[1] ?? m[2] ?? m[3]);
  }
  return out;
}

/** The import graph of the .ts files under `root`: repo-relative path -> repo-relative paths it imports. */
export function importGraph(root = 'src') {
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(root);
  const graph = new Map();
  for (const file of files) {
    const targets = specifiers(readFileSync(file, 'utf8')).map((spec) => {
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      const found = [`${base}.ts`, join(base, 'index.ts'), base].find((p) => existsSync(p));
      return relative(process.cwd(), found ?? `${base}.ts`);
    });
    graph.set(relative(process.cwd(), file), [...new Set(targets)]);
  }
  return graph;
}

/** Broken part rules and core files that are not imported (directly or through core) by both sdk and sandbox. */
export function boundaryProblems(graph) {
  const problems = [];
  for (const [file, targets] of graph) {
    const from = partOf(file);
    for (const target of targets) {
      const to = partOf(target);
      if (to !== from && !ALLOWED[from]?.includes(to))
        problems.push(
          `${file} imports ${target}: ${from} may import ${ALLOWED[from]?.join(', ') || 'nothing outside itself'}`,
        );
    }
  }
  for (const [file, targets] of graph) {
    const folder = SELF_CONTAINED.find((f) => file.startsWith(f));
    for (const target of folder ? targets : []) {
      if (partOf(target) === 'sandbox' && !target.startsWith(folder))
        problems.push(`${file} imports ${target}: ${folder} imports nothing of the sandbox outside itself`);
    }
  }
  const reachedFrom = (part) => {
    const seen = new Set();
    const visit = (f) => {
      for (const t of graph.get(f) ?? []) {
        if (partOf(t) === 'core' && !seen.has(t)) {
          seen.add(t);
          visit(t);
        }
      }
    };
    for (const f of graph.keys()) if (partOf(f) === part) visit(f);
    return seen;
  };
  const bySdk = reachedFrom('sdk');
  const bySandbox = reachedFrom('sandbox');
  for (const file of graph.keys()) {
    if (partOf(file) !== 'core') continue;
    const users = [bySdk.has(file) && 'sdk', bySandbox.has(file) && 'sandbox'].filter(Boolean);
    if (users.length < 2)
      problems.push(
        `${file} is in core but used by ${users.join(' and ') || 'neither sdk nor sandbox'}: core holds only what both use; move it to the side that does`,
      );
  }
  return problems;
}

/** Pairs of folders under src/sandbox/ (its own files aside) where each imports the other, with the imports. */
export function twoWayFolders(graph) {
  const folderOf = (file) => file.match(/^src\/sandbox\/([^/]+)\//)?.[1];
  const edges = new Map();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from && to && from !== to)
        edges.set(`${from} -> ${to}`, [...(edges.get(`${from} -> ${to}`) ?? []), `${file} -> ${target}`]);
    }
  }
  const pairs = [];
  for (const key of edges.keys()) {
    const [a, b] = key.split(' -> ');
    if (a < b && edges.has(`${b} -> ${a}`))
      pairs.push({ pair: `${a} <-> ${b}`, imports: [...edges.get(key), ...edges.get(`${b} -> ${a}`)] });
  }
  return pairs;
}

/** Import circles (strongly connected components of more than one file, or a file importing itself). */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const connect = (v) => {
    const node = { index, low: index, onStack: true };
    index++;
    info.set(v, node);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      const seen = info.get(w);
      if (!seen) {
        connect(w);
        node.low = Math.min(node.low, info.get(w).low);
      } else if (seen.onStack) node.low = Math.min(node.low, seen.index);
    }
    if (node.low === node.index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) connect(v);
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2];
  const graph = importGraph();
  if (mode === 'folders') {
    const pairs = twoWayFolders(graph);
    for (const { pair, imports } of pairs) console.log(`${pair}\n  ${imports.join('\n  ')}`);
    console.log(`two-way folder dependencies in src/sandbox: ${pairs.length}`);
    process.exit(0);
  }
  const problems =
    mode === 'boundaries'
      ? boundaryProblems(graph)
      : mode === 'cycles'
        ? cycles(graph).map((c) => `import circle: ${c.join(' <-> ')}`)
        : undefined;
  if (!problems) {
    console.error('usage: node scripts/check-imports.mjs boundaries|cycles|folders');
    process.exit(2);
  }
  for (const p of problems) console.error(p);
  if (!problems.length) console.log(`imports ${mode}: ${graph.size} files, no problem`);
  process.exit(problems.length ? 1 : 0);
}
