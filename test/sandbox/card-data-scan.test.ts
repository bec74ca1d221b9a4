import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import type { Route } from '../../src/sandbox/http/route';
import type { Sandbox } from '../../src/sandbox/index';
import { routeTable } from '../../src/sandbox/routes/route-table';
import { encryptCard } from '../../src/sdk/encrypt-card';
import { card, cardCharge, order, subMerchantCharge } from './support/payments';
import { authData, createSession, validDevice } from './support/sdk-client';
import { it } from './support/sandbox-test';

// The release check of the sandbox's card data (docs/console.md#what-the-log-keeps-of-a-body,
// docs/rules.md#card-data): every route that takes card data, and every other JSON route, is sent
// normal and hostile bodies holding a card number and a security code; then the data file, its
// WAL, the log lines, the console's pages and the answers are searched for them.

/** A code no test value or generated id holds by accident (unlike "123"); 4 digits, so amex cards. */
const CODE = '9731';
const CLEAR = '378282246310005';
const ENCRYPTED = '371449635398431';
const THREE_DS = '340000000000009';
const DECLINED = '378734493671000';
const CARDS = [CLEAR, ENCRYPTED, THREE_DS, DECLINED];

/** The text as it would read once decoded: full-width digits folded, `\u0033` and `%33` escapes undone. */
const decoded = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A card number written plain or apart: up to three characters that are not letters or digits between its digits. */
const separated = (number: string) => new RegExp([...number].join('[^0-9A-Za-z]{0,3}'));
const CARD_PATTERNS = CARDS.map(separated);

/** The card numbers a text holds, however written. */
const cardsIn = (text: string) => {
  const plain = decoded(text);
  return CARDS.filter((_, i) => CARD_PATTERNS[i]!.test(plain) || CARD_PATTERNS[i]!.test(text));
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/**
 * The security code on its own in a text (a row, a line, a page). Inside a longer run of letters
 * or digits it is part of something else (a hash, a timestamp), and a UUID's groups are random hex.
 */
const holdsCode = (text: string) =>
  new RegExp(`(^|[^0-9A-Za-z])${CODE}([^0-9A-Za-z]|$)`).test(decoded(text).replace(UUID, ''));
/**
 * The code as a value in a file's bytes, after a quote, `=` or `:`: random bytes of a page hold
 * four digits between two other characters now and then, a value written this way never.
 */
const CODE_AS_VALUE = new RegExp(`(?:["=:]|%3[ad]|%22)\\s*"?${CODE}(?![0-9A-Za-z])`, 'i');

describe('the detectors', () => {
  it('find the card and the code in every form this test sends them', () => {
    for (const text of [
      CLEAR,
      '3782 8224 6310 005',
      '3782-8224-6310-005',
      '3782%208224%206310%20005',
      '３７８２８２２４６３１０００５',
      '\\u0033\\u0037\\u0038\\u0032\\u0038\\u0032\\u0032\\u0034\\u0036\\u0033\\u0031\\u0030\\u0030\\u0030\\u0035',
    ]) {
      expect(cardsIn(`{"x":"${text}"}`), text).toEqual([CLEAR]);
    }
    for (const text of [
      `{"security_code":"${CODE}"}`,
      `security_code=${CODE}&a=1`,
      `{"cvv":${CODE}}`,
      `&quot;security_code&quot;:&quot;${CODE}&quot;`,
    ]) {
      expect(holdsCode(text), text).toBe(true);
      // Files hold no HTML: the bytes' detector needs no entities.
      if (!text.includes('&quot;')) expect(CODE_AS_VALUE.test(text), text).toBe(true);
    }
    expect(holdsCode(`CHAR_1c2d${CODE}-aaaa-4bbb-8ccc-0123456789ab 1795829731123 ab${CODE}cd`)).toBe(false);
    expect(cardsIn('[digits] 3782 first 378282 last 0005')).toEqual([]);
  });
});

/** A body to send: its bytes (or text) and its content type (none when undefined). */
interface Sent {
  name: string;
  body: string | Uint8Array<ArrayBuffer> | FormData;
  type?: string;
}

const deepObject = (levels: number, inner: string) => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
const deepArray = (levels: number, inner: string) => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
const cardJson = (number: string) => JSON.stringify({ number, security_code: CODE, exp_month: '12', exp_year: '2099' });

/** Card data in bracket form fields: `payment_method[card][number]=…`. */
const formOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => formOf(v, prefix ? `${prefix}[${k}]` : k))
    : [`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`];

/**
 * The hostile variants of a JSON body that holds the card `number` with the code: deep nesting
 * past the limit and within it, duplicate keys, escaped key names and values, odd content types,
 * a form, multipart, invalid JSON, bytes that are not UTF-8, the card written apart or as a number
 * or a key in fields the API does not know.
 */
function hostile(valid: Record<string, unknown>, number: string): Sent[] {
  const text = JSON.stringify(valid);
  const withField = (field: string) => text.replace(/}$/, `,${field}}`);
  const escapedDigits = [...number].map((d) => `\\u00${d.charCodeAt(0).toString(16)}`).join('');
  const pastLimit = withField(`"x":${deepObject(10_000, `{"card":${cardJson(number)}}`)}`);
  const [head, tail] = [text.slice(0, text.length >> 1), text.slice(text.length >> 1)];
  const multipart = new FormData();
  multipart.set('number', number);
  multipart.set('security_code', CODE);
  const bytes = (...parts: Array<string | number[]>) =>
    new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))));
  const at = text.indexOf(number) + (number.length >> 1);
  return [
    { name: 'nested past the limit, 60 KB', body: pastLimit, type: 'application/json' },
    {
      name: 'nested 60 levels, within the limit',
      body: withField(
        `"x":${deepObject(58, `{"card":${cardJson(number)}}`)},"y":${deepArray(58, `{"card":${cardJson(number)}}`)}`,
      ),
      type: 'application/json',
    },
    {
      name: 'duplicate keys',
      body: withField(
        `"card":${cardJson(number)},"card":${cardJson(number)},"security_code":"${CODE}","security_code":"${CODE}"`,
      ).replaceAll(`"security_code":"${CODE}"`, `"security_code":"${CODE}","security_code":"${CODE}"`),
      type: 'application/json',
    },
    {
      name: 'escaped key names and values',
      body: text
        .replaceAll('"security_code"', '"security\\u005fcode"')
        .replaceAll(`"number":"${number}"`, `"n\\u0075mber":"${escapedDigits}"`)
        .replace(/}$/, `,"n\\u006fte":"${escapedDigits}","c\\u0076v":"\\u0039731"}`),
      type: 'application/json; charset=utf-8',
    },
    {
      name: 'the card apart, as a number and as a key, in fields the API does not know',
      body: withField(
        `"note":"${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}","memo":"${number.slice(0, 4)}-${number.slice(4)}",` +
          `"n":${number},"${number}":{"cvv":"${CODE}"},"meta":${JSON.stringify(JSON.stringify({ card: { number, security_code: CODE } }))},` +
          `"wide":"${[...number].map((d) => String.fromCharCode(0xff10 + Number(d))).join('')}","cards":["${number}"]`,
      ),
      type: 'application/json',
    },
    { name: 'JSON sent as text/plain', body: text, type: 'text/plain' },
    { name: 'JSON with no content type', body: new TextEncoder().encode(text) },
    {
      name: 'JSON in UTF-16',
      body: new Uint8Array(Buffer.from(text, 'utf16le')),
      type: 'application/json; charset=utf-16',
    },
    {
      name: 'bytes that are not UTF-8 inside the card number',
      body: bytes(text.slice(0, at), [0xff], text.slice(at)),
      type: 'application/json',
    },
    { name: 'a form body', body: formOf(valid).join('&'), type: 'application/x-www-form-urlencoded' },
    { name: 'a form body sent as JSON', body: formOf(valid).join('&'), type: 'application/json' },
    { name: 'multipart', body: multipart },
    { name: 'invalid JSON: a trailing comma', body: text.replace(/}$/, ',}'), type: 'application/json' },
    { name: 'invalid JSON: cut short', body: head, type: 'application/json' },
    { name: 'invalid JSON: single quotes', body: `${head.replaceAll('"', "'")}${tail}`, type: 'application/json' },
    { name: 'an array', body: `[${text}]`, type: 'application/json' },
    { name: 'a prototype key', body: withField(`"__proto__":{"card":${cardJson(number)}}`), type: 'application/json' },
  ];
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const pathOf = (route: Route) =>
  route.path.replace('{id}', route.path.startsWith('/orders') ? `ORDE_${UNKNOWN_ID}` : `CHAR_${UNKNOWN_ID}`);

describe.each([
  { mode: 'by default', strict: false },
  { mode: 'with --strict (unknown fields refused, named in 40003 items)', strict: true },
])('card data: the release check, $mode', ({ strict }) => {
  it('no body, however shaped, puts a card number or the security code in the data file, its WAL, the log, a console page or an answer', {
    timeout: 300_000,
  }, async ({ startSandbox, dataFile: fileOfTheTests }) => {
    const dataFile = strict ? fileOfTheTests.replace(/\.db$/, '-strict.db') : fileOfTheTests;
    const logs: string[] = [];
    const sandbox: Sandbox = await startSandbox({ dataFile, strict, log: (line) => logs.push(line) });
    const answers: Array<{ what: string; url: string; status: number; text: string }> = [];
    const sessionHeader = { 'x-gateway-session': await createSession(sandbox) };
    const bearer = { authorization: `Bearer ${sandbox.token}` };

    const send = async (what: string, url: string, sent: Sent, headers: Record<string, string>) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, ...(sent.type && { 'content-type': sent.type }) },
        body: sent.body,
      });
      const body = await res.text();
      answers.push({
        what,
        url,
        status: res.status,
        text: `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${body}`,
      });
      return {
        status: res.status,
        body: res.headers.get('content-type')?.includes('json') ? JSON.parse(body) : undefined,
      };
    };
    const json = (value: unknown): Sent => ({ name: 'normal', body: JSON.stringify(value), type: 'application/json' });
    const api = (path: string, value: unknown) => send(`POST ${path}`, `${sandbox.apiUrl}${path}`, json(value), bearer);

    // Normal bodies: each card route does what it is for.
    const key = await api('/public-keys', { type: 'card' });
    const publicKey = key.body.public_key as string;
    const encrypted = (
      await encryptCard({
        publicKey,
        holder: 'Maria Silva',
        number: ENCRYPTED,
        expMonth: 12,
        expYear: 2099,
        securityCode: CODE,
      })
    ).encryptedCard!;
    const withCode = (number: string, extra: Record<string, unknown> = {}) =>
      card(number, { security_code: CODE, ...extra });

    const clear = await api('/orders', order([cardCharge({ card: withCode(CLEAR, { store: true }) })]));
    expect(clear.body.charges[0].status).toBe('PAID');
    const fromEncrypted = await api('/orders', order([cardCharge({ card: { encrypted, store: true } })]));
    expect(fromEncrypted.body.charges[0].status).toBe('PAID');
    const stored = await api(
      '/orders',
      order([cardCharge({ card: { id: clear.body.charges[0].payment_method.card.id, security_code: CODE } })]),
    );
    expect(stored.body.charges[0].status).toBe('PAID');
    const declined = await api('/orders', order([cardCharge({ value: 40_051, card: withCode(DECLINED) })]));
    expect(declined.body.charges[0].status).toBe('DECLINED');

    const authenticate = (cardData: Record<string, unknown>) =>
      send(
        'POST /checkout-sdk/3ds/authentications',
        `${sandbox.apiUrl}/checkout-sdk/3ds/authentications`,
        json({
          data: { ...authData(), paymentMethod: { type: 'CREDIT_CARD', installments: 1, card: cardData } },
          device: validDevice(),
        }),
        sessionHeader,
      );
    const auth = await authenticate(authData(THREE_DS).paymentMethod.card);
    expect(auth.status).toBe(201);
    expect((await authenticate({ encrypted })).status).toBe(201);
    const threeDs = await api(
      '/orders',
      order([
        cardCharge({
          card: withCode(THREE_DS, { exp_month: '12' }),
          extra: { authentication_method: { type: 'THREEDS', id: auth.body.id } },
        }),
      ]),
    );
    expect(threeDs.body.charges[0].status).toBe('PAID');

    const unpaid = await api('/orders', order());
    const paid = await api(`/orders/${unpaid.body.id}/pay`, cardCharge({ card: withCode(CLEAR) }));
    expect(paid.status).toBe(201);
    const authorized = await api('/charges', subMerchantCharge({ capture: false, card: withCode(CLEAR) }));
    expect(authorized.body.status).toBe('AUTHORIZED');
    const toCancel = await api('/charges', cardCharge({ capture: false, card: withCode(CLEAR) }));
    expect(toCancel.body.status).toBe('AUTHORIZED');

    // The console's buttons, as its page calls them: the cookie, the console's own origin.
    const page = await fetch(`${sandbox.apiUrl}/console/orders`);
    const consoleHeaders = {
      cookie: String(page.headers.get('set-cookie')).split(';')[0]!,
      origin: new URL(sandbox.apiUrl).origin,
      'sec-fetch-site': 'same-origin',
    };
    await page.text();
    const button = async (path: string, value: Record<string, unknown>) =>
      send(`console POST ${path}`, `${sandbox.apiUrl}${path}`, json(value), consoleHeaders);
    const cardExtra = { card: { number: CLEAR, security_code: CODE }, note: `${CLEAR} ${CODE}` };
    // Strict, the card's fields are unknown ones, refused.
    expect(
      (await button(`/charges/${authorized.body.id}/capture`, { amount: { value: 10_000 }, ...cardExtra })).status,
    ).toBe(strict ? 400 : 200);
    expect((await button(`/charges/${toCancel.body.id}/cancel`, cardExtra)).status).toBe(strict ? 400 : 201);
    expect((await button('/sandbox/clock/advance', { seconds: 60, ...cardExtra })).status).toBeLessThan(500);

    // Hostile bodies: the card routes with their own bodies, every other POST of the route table
    // (JSON, form or none, on either origin) with a card-bearing one.
    const cardRoutes: Array<{
      url?: string;
      path: string;
      headers: Record<string, string>;
      valid: Record<string, unknown>;
      number: string;
    }> = [
      { path: '/orders', headers: bearer, valid: order([cardCharge({ card: withCode(CLEAR) })]), number: CLEAR },
      {
        path: `/orders/${unpaid.body.id}/pay`,
        headers: bearer,
        valid: cardCharge({ card: withCode(DECLINED) }),
        number: DECLINED,
      },
      { path: '/charges', headers: bearer, valid: subMerchantCharge({ card: withCode(CLEAR) }), number: CLEAR },
      {
        path: '/checkout-sdk/3ds/authentications',
        headers: sessionHeader,
        valid: { data: authData(THREE_DS), device: validDevice() },
        number: THREE_DS,
      },
      {
        path: `/charges/${authorized.body.id}/capture`,
        headers: consoleHeaders,
        valid: { amount: { value: 100 }, ...cardExtra },
        number: CLEAR,
      },
      { path: `/charges/${toCancel.body.id}/cancel`, headers: consoleHeaders, valid: cardExtra, number: CLEAR },
    ];
    const covered = new Set(['/orders', '/orders/{id}/pay', '/charges', '/checkout-sdk/3ds/authentications']);
    // The reset would empty the log this test reads; it reads no body.
    covered.add('/sandbox/reset');
    for (const route of routeTable().filter((r) => r.method === 'post' && !covered.has(r.path))) {
      cardRoutes.push({
        url: route.origin === 'api' ? sandbox.apiUrl : sandbox.challengeUrl,
        path: pathOf(route),
        headers: route.security === 'session' ? sessionHeader : bearer,
        valid: { card: { number: ENCRYPTED, security_code: CODE }, type: 'card' },
        number: ENCRYPTED,
      });
    }
    let hostileSent = 0;
    for (const route of cardRoutes) {
      for (const sent of hostile(route.valid, route.number)) {
        await send(
          `POST ${route.path}: ${sent.name}`,
          `${route.url ?? sandbox.apiUrl}${route.path}`,
          sent,
          route.headers,
        );
        hostileSent++;
      }
    }
    expect(hostileSent).toBeGreaterThan(100);

    // No JSON body within the body limit gets a 5xx, whatever its shape.
    expect(answers.filter((a) => a.status >= 500).map((a) => `${a.what}: ${a.status}`)).toEqual([]);

    // What the request log kept: every request, the bodies it could not redact as markers.
    const kept: Array<{ request_body: string | null; response_body: string | null }> = [];
    for (let before: number | null | undefined; before !== null; ) {
      const page = await fetch(`${sandbox.apiUrl}/sandbox/requests?limit=200${before ? `&before=${before}` : ''}`, {
        headers: bearer,
      });
      const body = (await page.json()) as { requests: typeof kept; next_before: number | null };
      kept.push(...body.requests);
      before = body.next_before;
    }
    // Every request to the API is in the log (the challenge origin keeps none).
    expect(kept.length).toBeGreaterThanOrEqual(answers.filter((a) => a.url.startsWith(sandbox.apiUrl)).length);
    // Every console page a browser can reach from the orders list, by its links.
    const pages = new Map<string, string>();
    const queue = ['/console/orders', '/console/requests', '/console/webhooks', '/console/account'];
    while (queue.length && pages.size < 2_000) {
      const path = queue.shift()!;
      if (pages.has(path)) continue;
      const res = await fetch(`${sandbox.apiUrl}${path}`, { headers: { cookie: consoleHeaders.cookie } });
      const html = await res.text();
      pages.set(path, html);
      for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
        const url = new URL(href!.replaceAll('&amp;', '&'), `${sandbox.apiUrl}${path}`);
        // A trace id's page shows entries the list pages show already.
        const own = url.origin === new URL(sandbox.apiUrl).origin && url.pathname.startsWith('/console/');
        if (own && !url.pathname.endsWith('.css') && !url.searchParams.has('trace_id'))
          queue.push(`${url.pathname}${url.search}`);
      }
    }
    expect(pages.size).toBeGreaterThan(20);
    expect([...pages.keys()].some((p) => p.startsWith('/console/resources/ORDE_'))).toBe(true);
    expect([...pages.keys()].some((p) => p.startsWith('/console/requests?') && p.includes('before='))).toBe(true);

    const problems: string[] = [];
    const check = (where: string, text: string) => {
      const cards = cardsIn(text);
      if (cards.length) problems.push(`${where} holds card ${cards.join(', ')}`);
      if (holdsCode(text)) problems.push(`${where} holds the security code`);
    };
    for (const a of answers) check(`the answer to ${a.what}`, a.text);
    for (const r of kept) check('a request log entry', JSON.stringify(r));
    for (const [path, html] of pages) check(`console page ${path}`, html);
    for (const line of logs) check(`log line "${line.slice(0, 80)}"`, line);

    /** Every row of every table, and the file's bytes: freed pages keep what a row once held. */
    const checkFiles = (when: string) => {
      const db = new Database(dataFile, { readonly: true });
      const tables = (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
      ).map((t) => t.name);
      for (const table of tables) {
        for (const row of db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`).all()) {
          check(`${when}: a row of ${table}`, JSON.stringify(row));
        }
      }
      expect(tables).toEqual(
        expect.arrayContaining(['request_log', 'orders', 'charges', 'stored_cards', 'authentications']),
      );
      db.close();
      const files = [dataFile, `${dataFile}-wal`].filter(existsSync);
      for (const file of files) {
        const bytes = readFileSync(file);
        for (const text of [bytes.toString('latin1'), bytes.toString('utf8')]) {
          const cards = cardsIn(text);
          if (cards.length) problems.push(`${when}: ${file} holds card ${cards.join(', ')}`);
          if (CODE_AS_VALUE.test(decoded(text))) problems.push(`${when}: ${file} holds the security code`);
        }
      }
      return files;
    };
    // While the sandbox runs, its recent writes are in the WAL; once closed, in the file.
    expect(checkFiles('running')).toContain(`${dataFile}-wal`);
    await sandbox.close();
    checkFiles('closed');

    expect(problems).toEqual([]);
    // The hostile bodies reached the log, and its redaction is what kept them out.
    const requestBodies = kept.map((r) => r.request_body ?? '').join('\n');
    expect(requestBodies).toContain('[body not kept: it nests more than 64 levels deep;');
    expect(requestBodies).toContain('[body not kept: it is neither JSON');
    expect(requestBodies).toContain('"number":"[redacted]"');
    expect(requestBodies).toContain('"security_code":"[redacted]"');
    expect(requestBodies).toContain('payment_method[card][security_code]=[redacted]');
  });
});
