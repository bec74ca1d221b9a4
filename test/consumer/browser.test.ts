// The installed package in Chromium: bundles made by rollup and esbuild from the npm entry, and
// the script-tag build loaded every way a page or a tool loads it. Against the installed
// sandbox (npx gateway-sandbox), from a merchant origin served here.
import { chromium, type Browser, type Page } from '@playwright/test';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, appWithSandbox, newSession, run, startCli, type RunningSandbox } from './support';

const FRICTIONLESS = '4000000000002370';
const CHALLENGE = '4000000000002503';

/** A valid request (as an integrator writes it) for a card number. */
const requestSource = `(number) => ({
  dataOnly: false,
  data: {
    customer: { name: 'Maria Silva', email: 'maria.silva@example.com.br', phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }] },
    paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: { number, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } } },
    amount: { value: 10000, currency: 'BRL' },
    billingAddress: { street: 'Avenida Paulista', number: '1000', complement: 'apto 12', city: 'São Paulo', regionCode: 'SP', country: 'BRA', postalCode: '01310100' },
  },
})`;

let sandbox: RunningSandbox;
let browser: Browser;
let site: string;
let merchant: Server;
let origin: string;
const served: string[] = [];

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

beforeAll(async () => {
  sandbox = await startCli(appWithSandbox());
  const cwd = app();
  site = join(cwd, 'site');
  mkdirSync(site, { recursive: true });
  // The integrator's code, through the npm entry: the challenge code must stay a separate chunk.
  writeFileSync(
    join(cwd, 'app.js'),
    `import { setUp, authenticate3DS } from '@gateway/sdk';
const request = ${requestSource};
window.authenticate = (apiUrl, session, number) => {
  setUp({ session, env: 'SANDBOX', apiUrl });
  return authenticate3DS(request(number)).then((r) => r.status, (e) => 'rejected ' + (e.code || e));
};
`,
  );
  writeFileSync(
    join(cwd, 'rollup.config.mjs'),
    `import { nodeResolve } from '@rollup/plugin-node-resolve';
export default { input: 'app.js', output: { dir: 'site/rollup', format: 'es' }, plugins: [nodeResolve({ browser: true })] };
`,
  );
  const rollup = run('npx', ['rollup', '-c', '--silent'], cwd);
  if (rollup.status !== 0) throw new Error(`rollup: ${rollup.stderr}`);
  const esbuild = run(
    'npx',
    ['esbuild', 'app.js', '--bundle', '--format=esm', '--splitting', '--outdir=site/esbuild', '--log-level=warning'],
    cwd,
  );
  if (esbuild.status !== 0) throw new Error(`esbuild: ${esbuild.stderr}`);
  // The script build imported by a bundler (an entry the exports map advertises).
  writeFileSync(join(cwd, 'script-import.js'), "import '@gateway/sdk/gateway.js';\n");
  const imported = run(
    'npx',
    [
      'esbuild',
      'script-import.js',
      '--bundle',
      '--format=esm',
      '--outfile=site/script-import.js',
      '--log-level=warning',
    ],
    cwd,
  );
  if (imported.status !== 0) throw new Error(`esbuild: ${imported.stderr}`);
  // The script build as a loader sees it: text, evaluated in a function scope.
  copyFileSync(join(cwd, 'node_modules/@gateway/sdk/dist/gateway.js'), join(site, 'gateway-text.js'));
  for (const kind of ['rollup', 'esbuild']) {
    writeFileSync(
      join(site, kind, 'index.html'),
      `<!doctype html><script type="module" src="/${kind}/app.js"></script>`,
    );
  }
  writeFileSync(join(site, 'empty.html'), '<!doctype html><title>merchant</title>');

  merchant = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    served.push(path);
    try {
      const body = readFileSync(join(site, path));
      res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => merchant?.close(resolve));
  await sandbox?.stop();
});

async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    return await fn(page);
  } finally {
    await page.close();
  }
}

describe.each(['rollup', 'esbuild'])('a %s bundle of the npm entry', (kind) => {
  it('authenticates a frictionless card against the sandbox without loading the challenge chunk, then loads it on demand', async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/${kind}/index.html`);
      await page.waitForFunction(() => 'authenticate' in window);
      const chunks = () =>
        served.filter((p) => p.startsWith(`/${kind}/`) && p.endsWith('.js') && p !== `/${kind}/app.js`);
      const before = chunks().length;
      const status = await page.evaluate(
        ([api, session, card]) =>
          (window as unknown as { authenticate: (...a: string[]) => Promise<string> }).authenticate(
            api!,
            session!,
            card!,
          ),
        [sandbox.apiUrl, await newSession(sandbox), FRICTIONLESS],
      );
      expect(status).toBe('AUTH_FLOW_COMPLETED');
      expect(chunks().length).toBe(before);
      const session = await newSession(sandbox);
      void page.evaluate(
        ([api, s, card]) =>
          void (window as unknown as { authenticate: (...a: string[]) => Promise<string> }).authenticate(
            api!,
            s!,
            card!,
          ),
        [sandbox.apiUrl, session, CHALLENGE],
      );
      await expect.poll(() => chunks().length, { timeout: 30_000 }).toBeGreaterThan(before);
    });
  });
});

describe('the script build defines window.Gateway and finds its API', () => {
  const authenticate = (page: Page, session: string, apiUrl?: string) =>
    page.evaluate(
      ([s, api, card, request]) => {
        const gateway = (
          window as unknown as {
            Gateway: { setUp: (o: object) => void; authenticate3DS: (r: object) => Promise<{ status: string }> };
          }
        ).Gateway;
        gateway.setUp(api ? { session: s, env: 'SANDBOX', apiUrl: api } : { session: s, env: 'SANDBOX' });
        // eslint-disable-next-line no-new-func -- the request builder travels as source
        const build = new Function(`return ${request}`)() as (n: string) => object;
        return gateway.authenticate3DS(build(card!)).then(
          (r) => r.status,
          (e: { code?: string }) => `rejected ${e.code}`,
        );
      },
      [session, apiUrl, FRICTIONLESS, requestSource] as const,
    );

  it.each([
    ['a classic script', ''],
    ['a module script', ' type="module"'],
  ])('as %s served by the sandbox (API found from the script address)', async (_, attribute) => {
    await withPage(async (page) => {
      await page.goto(`${origin}/empty.html`);
      await page.setContent(`<!doctype html><script${attribute} src="${sandbox.apiUrl}/sdk/gateway.js"></script>`);
      await page.waitForFunction(() => typeof (window as unknown as { Gateway?: unknown }).Gateway === 'object');
      expect(await authenticate(page, await newSession(sandbox))).toBe('AUTH_FLOW_COMPLETED');
    });
  });

  it('when imported by a bundler (with apiUrl)', async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/empty.html`);
      await page.addScriptTag({ url: `${origin}/script-import.js`, type: 'module' });
      await page.waitForFunction(() => typeof (window as unknown as { Gateway?: unknown }).Gateway === 'object');
      expect(await authenticate(page, await newSession(sandbox), sandbox.apiUrl)).toBe('AUTH_FLOW_COMPLETED');
    });
  });

  it('when evaluated by a loader in a function scope (with apiUrl)', async () => {
    await withPage(async (page) => {
      await page.goto(`${origin}/empty.html`);
      await page.evaluate(async () => {
        const text = await (await fetch('/gateway-text.js')).text();
        // eslint-disable-next-line no-new-func -- what a loader does
        new Function(text)();
      });
      expect(typeof (await page.evaluate(() => (window as unknown as { Gateway?: unknown }).Gateway))).toBe('object');
      expect(await authenticate(page, await newSession(sandbox), sandbox.apiUrl)).toBe('AUTH_FLOW_COMPLETED');
    });
  });
});
