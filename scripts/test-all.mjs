// The README's test command: build, then every suite (unit, sandbox, e2e, consumer, engines) and the package
// checks, then one line "N passed, N failed" that sums them all. Exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkAnswerLogs } from './contract-answers.mjs';

const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
// Each suite's line says how long its command took, so the slowest part of `npm test` is in sight.
let lastTook = '';
const run = (cmd, args, env = {}) => {
  const since = performance.now();
  const ok = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
  lastTook = seconds(since);
  return ok;
};
const count = (suite, passed, failed, skipped = 0) => {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const took = lastTook ? ` (${lastTook} s)` : '';
  lastTook = '';
  lines.push(`${suite}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${took}`);
};
/** Runs a command in the background, its output in `log`; resolves with whether it succeeded and its time. */
function background(cmd, args, log) {
  const since = performance.now();
  const out = openSync(log, 'w');
  const child = spawn(cmd, args, { stdio: ['ignore', out, out] });
  closeSync(out);
  return new Promise((done) => {
    child.on('error', () => done({ ok: false, took: seconds(since) }));
    child.on('exit', (code) => done({ ok: code === 0, took: seconds(since) }));
  });
}
const check = (name, ok) => count(`check ${name}`, ok ? 1 : 0, ok ? 0 : 1);
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/**
 * The e2e suite drives Debian's Chromium (Playwright's own browser download cannot run here).
 * When it is missing and we are root, install it the way CI does; otherwise say what to do.
 */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `${path} is missing: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    return false;
  }
  console.log(`${path} is missing: installing Debian's chromium with apt-get`);
  return (
    run('apt-get', ['update']) &&
    run('apt-get', ['install', '-y', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' }) &&
    existsSync(path)
  );
}

/**
 * The cross-engine suite's browsers (test/engines): Debian packages, and the files that show them
 * installed. WebKitGTK also needs Xvfb (it runs headed); Firefox runs headed under Xvfb as well.
 */
const ENGINES = {
  firefox: {
    packages: ['firefox-esr', 'xvfb'],
    files: [process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', '/usr/bin/Xvfb'],
  },
  webkit: {
    packages: ['webkit2gtk-driver', 'libwebkit2gtk-4.1-0', 'xvfb'],
    files: [
      process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver',
      process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      '/usr/bin/Xvfb',
    ],
  },
};

/** Installs an engine's Debian packages when missing and we are root (as CI is); true when it is there. */
function ensureEngine(name) {
  const { packages, files } = ENGINES[name];
  const missing = () => files.filter((f) => !existsSync(f));
  if (!missing().length) return true;
  if (process.getuid?.() !== 0) {
    console.error(`engine ${name}: ${missing().join(', ')} missing: sudo apt-get install -y ${packages.join(' ')}`);
    return false;
  }
  console.log(`engine ${name}: installing ${packages.join(' ')} with apt-get`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', ...packages], { DEBIAN_FRONTEND: 'noninteractive' });
  return !missing().length;
}

// Through wireit, as npm pack's prepack builds: the consumer suite's pack, in the background while
// the other suites read dist/, then finds the build fresh instead of cleaning and rewriting it.
const built = run('npm', ['run', 'build', '--silent']);
check('build', built);
if (built) {
  // The consumer suite's projects (the packed tarball installed from npm, better-sqlite3 compiled)
  // are prepared in the background while the other suites run: mostly npm and one compiler
  // process, a minute or two that the suites would otherwise wait for alone.
  const consumerRoot = mkdtempSync(join(tmpdir(), 'gateway-consumer-'));
  const consumerLog = resolve(reports, 'consumer-install.log');
  const consumerPrepared = background('node', ['scripts/prepare-consumer.mjs', consumerRoot], consumerLog);

  check('typecheck', run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
  // The house rules of docs/architecture.md: no unused export or file, core only what both sides
  // use and importing neither, no import circle.
  check('unused exports', run('npx', ['knip', '--no-progress']));
  check('core boundary', run('node', ['scripts/check-imports.mjs', 'boundaries']));
  check('import cycles', run('node', ['scripts/check-imports.mjs', 'cycles']));
  // Biome (biome.jsonc): `npm run format` rewrites what `check format` finds; `npm run lint` is `check lint`.
  check('format', run('npx', ['biome', 'format', '.']));
  check('lint', run('npx', ['biome', 'lint', '--error-on-warnings', '.']));
  check('size', run('node', ['scripts/size.mjs']));
  check('publint', run('npm', ['run', '--silent', 'check:publint']));
  check('attw', run('npm', ['run', '--silent', 'check:attw']));

  // Every answer the sandbox and e2e suites get is recorded and checked against docs/openapi.json below.
  const answerLogs = { sandbox: resolve(reports, 'answers-sandbox.jsonl'), e2e: resolve(reports, 'answers-e2e.jsonl') };
  const contractFigures = resolve(reports, 'contract.json');
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`], {
    GATEWAY_SANDBOX_ANSWER_LOG: answerLogs.sandbox,
    CONTRACT_FIGURES: contractFigures,
  });
  const v = readJson(`${reports}/vitest.json`);
  const vitestSuites = 'vitest (unit + repository + ssr + sandbox)';
  // A run that failed before any test (a config error, say) still counts as a failure.
  if (v)
    count(
      vitestSuites,
      v.numPassedTests,
      v.numFailedTests + (!v.success && !v.numFailedTests ? 1 : 0),
      v.numPendingTests + v.numTodoTests,
    );
  else count(vitestSuites, 0, 1);

  const browser = ensureChromium();
  check('chromium', browser);
  if (browser)
    run('npx', ['playwright', 'test'], {
      PW_JSON_OUTPUT: `${reports}/playwright.json`,
      GATEWAY_SANDBOX_ANSWER_LOG: answerLogs.e2e,
    });
  const p = readJson(`${reports}/playwright.json`);
  if (p)
    count(
      'e2e (playwright)',
      p.stats.expected,
      p.stats.unexpected + p.stats.flaky + (p.errors?.length ?? 0),
      p.stats.skipped,
    );
  else count('e2e (playwright)', 0, 1);

  // The OpenAPI contract: the contract tests' figures (test/sandbox/openapi-contract.test.ts) and every
  // answer the sandbox and e2e suites got, checked against docs/openapi.json. One check per source;
  // a source with no answers recorded fails (the recording broke), as does any answer not as documented.
  const figures = readJson(contractFigures);
  const logs = Object.entries(answerLogs).map(([suite, file]) => ({ suite, ...checkAnswerLogs([file]) }));
  for (const { suite, problems } of logs)
    for (const problem of problems) console.error(`contract (${suite} answers): ${problem}`);
  // The contract tests check both modes (docs/rules.md#unknown-fields): a run with no answer in one of them broke.
  const bothModes = Boolean(figures) && figures.failed === 0 && figures.strict > 0 && figures.tolerant > 0;
  const sources = [bothModes, ...logs.map((l) => l.checked > 0 && l.failed === 0)];
  const checked = logs.reduce((n, l) => n + l.checked, 0);
  const mismatches = logs.reduce((n, l) => n + l.failed, 0);
  totals.passed += sources.filter(Boolean).length;
  totals.failed += sources.filter((ok) => !ok).length;
  lines.push(
    `contract: ${sources.filter(Boolean).length} passed, ${sources.filter((ok) => !ok).length} failed (operations ${figures?.operations ?? 0}, generated ${figures?.generated ?? 0}, contract answers strict ${figures?.strict ?? 0} and default ${figures?.tolerant ?? 0}, answers checked ${checked}, not as documented ${mismatches})`,
  );

  // Each engine counts on its own line. A missing engine fails under CI (CI=true): it must never
  // pass by being skipped; on a developer's machine it is reported as skipped, with what to install.
  for (const engine of Object.keys(ENGINES)) {
    const suite = `engines ${engine}`;
    if (!ensureEngine(engine)) {
      if (process.env.CI === 'true') count(suite, 0, 1);
      else count(suite, 0, 0, 1);
      continue;
    }
    const file = `${reports}/engines-${engine}.json`;
    run(
      'npx',
      [
        'vitest',
        'run',
        '-c',
        'vitest.engines.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${file}`,
      ],
      { ENGINE: engine },
    );
    const e = readJson(file);
    if (e)
      count(
        suite,
        e.numPassedTests,
        e.numFailedTests + (!e.success && !e.numFailedTests ? 1 : 0),
        e.numPendingTests + e.numTodoTests,
      );
    else count(suite, 0, 1);
  }

  // The packed tarball in an empty project, installed with the README's lines (see test/consumer/).
  // A preparation that failed is shown, and the suite's own set-up tries again in the foreground,
  // where its failure is reported as the suite's.
  const prepared = await consumerPrepared;
  console.log(`consumer projects prepared in the background: ${prepared.ok ? 'done' : 'FAILED'} in ${prepared.took} s`);
  if (!prepared.ok) console.error(readFileSync(consumerLog, 'utf8').slice(-4000));
  if (browser) {
    run(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        'test/consumer/vitest.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${reports}/consumer.json`,
      ],
      prepared.ok ? { GATEWAY_CONSUMER_ROOT: consumerRoot } : {},
    );
  }
  rmSync(consumerRoot, { recursive: true, force: true });
  const c = readJson(`${reports}/consumer.json`);
  if (c)
    count(
      'consumer (packed tarball)',
      c.numPassedTests,
      c.numFailedTests + (!c.success && !c.numFailedTests ? 1 : 0),
      c.numPendingTests + c.numTodoTests,
    );
  else count('consumer (packed tarball)', 0, 1);
}

console.log(`\n${lines.join('\n')}`);
console.log(`npm test took ${seconds(started)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed ? 1 : 0);
