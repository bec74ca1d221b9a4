// Real traffic through an OpenAPI proxy: Prism (`prism proxy --errors`) sits in front of a live
// sandbox with the generated document, and every request and answer of an ordinary integration
// (a 3DS authentication, card, Pix and boleto orders, a captured and a canceled charge, the
// sandbox's simulations, bodies with null and with the card expiry as the strings "12" and
// "2030", requests the API refuses on their merits) must pass its validation: zero violations.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { openApiDocument } from '../../src/sandbox/openapi/openapi-document';
import { boletoCharge, cardCharge, order, subMerchantCharge } from './support/payments';
import { authData, validDevice } from './support/sdk-client';

interface Exchange {
  label: string;
  status: number;
  violations: string[];
}

let sandbox: Sandbox;
let prism: ChildProcess;
let proxyUrl: string;
let folder: string;
let prismLog = '';
const exchanges: Exchange[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  folder = mkdtempSync(join(tmpdir(), 'gateway-prism-'));
  const documentFile = join(folder, 'openapi.json');
  writeFileSync(
    documentFile,
    JSON.stringify(openApiDocument({ apiUrl: sandbox.apiUrl, challengeUrl: sandbox.challengeUrl })),
  );
  prism = spawn(
    process.execPath,
    [
      // The package's main module is its command line (its `prism` binary).
      createRequire(import.meta.url).resolve('@stoplight/prism-cli'),
      'proxy',
      documentFile,
      sandbox.apiUrl,
      '--errors',
      '--host',
      '127.0.0.1',
      // A free port; Prism says which when it listens.
      '--port',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      prismLog += chunk.toString();
      const listening = /Prism is listening on (http:\/\/[\d.:]+)/.exec(prismLog);
      if (listening) {
        proxyUrl = listening[1]!;
        resolve();
      }
    };
    prism.stdout!.on('data', read);
    prism.stderr!.on('data', read);
    prism.once('exit', (code) => reject(new Error(`prism exited (${code}): ${prismLog}`)));
  });
});

afterAll(async () => {
  prism?.kill();
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/**
 * One request through the proxy. Prism reports a violation in the `sl-violations` header, or,
 * with --errors, answers its own problem document instead of the sandbox's answer.
 */
async function call(
  label: string,
  method: string,
  path: string,
  body?: unknown,
  auth: Record<string, string> = { authorization: `Bearer ${sandbox.token}` },
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${proxyUrl}${path}`, {
    method,
    headers: { ...auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const text = type.includes('json') ? await res.text() : await res.arrayBuffer().then(() => '');
  const json = text ? JSON.parse(text) : undefined;
  const violations: string[] = [];
  const header = res.headers.get('sl-violations');
  if (header) violations.push(header);
  if (typeof json?.type === 'string' && json.type.includes('stoplight.io/prism/errors'))
    violations.push(`${json.title}: ${json.detail} ${JSON.stringify(json.validation ?? '')}`);
  exchanges.push({ label: `${method} ${path} (${label})`, status: res.status, violations });
  return { status: res.status, json };
}

const stringExpiry = (card: Record<string, unknown>) => ({ ...card, exp_month: '12', exp_year: '2030' });

it('passes an ordinary integration through an OpenAPI proxy with zero violations', async () => {
  const succeeds = async (label: string, method: string, path: string, body?: unknown) => {
    const answer = await call(label, method, path, body);
    expect(answer.status, `${label}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
    return answer.json;
  };

  // The SDK's side: a session, a frictionless 3DS authentication (expiry as strings), read back.
  const { session } = await succeeds('session', 'POST', '/checkout-sdk/sessions', {});
  const sdk = { 'x-gateway-session': session };
  const data = authData('4000000000002370');
  const card3ds = (data.paymentMethod as { card: Record<string, unknown> }).card;
  card3ds.expMonth = '12';
  card3ds.expYear = '2030';
  const auth = await call(
    '3DS, expiry as strings',
    'POST',
    '/checkout-sdk/3ds/authentications',
    { data, device: validDevice() },
    sdk,
  );
  expect(auth.status).toBe(201);
  const authId = auth.json.id as string;
  await call('3DS read by the SDK', 'GET', `/checkout-sdk/3ds/authentications/${authId}`, undefined, sdk);
  await succeeds('3DS read by the merchant', 'GET', `/3ds/authentications/${authId}`);
  await succeeds('public key', 'POST', '/public-keys', { type: 'card' });
  await succeeds('public key', 'GET', '/public-keys/card');

  // A card order paid with the 3DS authentication; the card's expiry as strings, nulls for "not given".
  const threeDsCharge = cardCharge({
    card: stringExpiry({ number: '4000000000002370', security_code: '123', holder: { name: 'Maria Silva' } }),
    extra: { authentication_method: { type: 'THREEDS', id: authId } },
  });
  const cardOrder = await succeeds('card order with 3DS', 'POST', '/orders', order([threeDsCharge]));
  await succeeds('order read', 'GET', `/orders/${cardOrder.id}`);
  await succeeds('charge read', 'GET', `/charges/${cardOrder.charges[0].id}`);
  const nulls = cardCharge({
    capture: null as unknown as boolean,
    card: stringExpiry({ number: '4111111111111111', security_code: '123', holder: { name: 'Maria Silva' } }),
  });
  await succeeds('nulls as not given', 'POST', '/orders', {
    ...order([{ ...nulls, description: null, notification_urls: null }]),
    notification_urls: null,
  });

  // An order created first, paid later.
  const open = await succeeds('order without a charge', 'POST', '/orders', order());
  await succeeds(
    'pay an order',
    'POST',
    `/orders/${open.id}/pay`,
    cardCharge({
      card: stringExpiry({ number: '5200000000001104', security_code: '123', holder: { name: 'Maria Silva' } }),
    }),
  );

  // Pix: an order with a QR code, its image, paid in the sandbox.
  const pix = await succeeds(
    'Pix order',
    'POST',
    '/orders',
    order(undefined, { qr_codes: [{ amount: { value: 10_000 } }] }),
  );
  const qr = pix.qr_codes[0];
  await call(
    'QR code image',
    'GET',
    new URL(qr.links.find((l: { media: string }) => l.media === 'image/png').href).pathname,
    undefined,
    {},
  );
  await succeeds('Pix paid', 'POST', `/sandbox/qr-codes/${qr.id}/pay`);

  // Boleto: an order, its PDF, paid in the sandbox.
  const boleto = await succeeds('boleto order', 'POST', '/orders', order([boletoCharge()]));
  const boletoId = boleto.charges[0].id as string;
  const pdf = boleto.charges[0].links.find((l: { media: string }) => l.media === 'application/pdf');
  await call('boleto PDF', 'GET', new URL(pdf.href).pathname, undefined, {});
  await succeeds('boleto paid', 'POST', `/sandbox/charges/${boletoId}/boleto/pay`);

  // A sub-merchant's charge: pre-authorised, captured in part (amount null = the whole), another canceled.
  const preAuth = await succeeds(
    'sub-merchant charge',
    'POST',
    '/charges',
    subMerchantCharge({
      capture: false,
      card: stringExpiry({ number: '4111111111111111', security_code: '123', holder: { name: 'Maria Silva' } }),
    }),
  );
  await succeeds('capture, amount null', 'POST', `/charges/${preAuth.id}/capture`, { amount: null });
  const other = await succeeds('sub-merchant charge', 'POST', '/charges', subMerchantCharge({ capture: false }));
  await succeeds('cancel', 'POST', `/charges/${other.id}/cancel`, { amount: { value: '10000' } });
  await succeeds(
    'installment fees',
    'GET',
    '/charges/fees/calculate?payment_methods=CREDIT_CARD&value=10000&max_installments=6',
  );

  // The account's settings, null for "leave as is".
  await succeeds('settings', 'GET', '/sandbox/merchant/settings');
  await succeeds('settings', 'POST', '/sandbox/merchant/settings', {
    pci_homologated: null,
    sub_merchant_enabled: true,
  });

  // Fields the document does not list, at several depths: the document leaves merchant bodies open,
  // the API ignores them and names them (docs/rules.md#unknown-fields), and the proxy lets both pass.
  const extra = order([{ ...cardCharge(), created_at: '2026-01-01T00:00:00.000-03:00' }], {
    notification_url: 'https://shop.example/typo',
  });
  (extra.customer as { phones: Array<Record<string, unknown>> }).phones[0]!.extension = '12';
  const ignoring = await fetch(`${proxyUrl}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(extra),
  });
  const ignoringText = await ignoring.text();
  exchanges.push({
    label: 'POST /orders (fields the document does not list)',
    status: ignoring.status,
    violations: [ignoring.headers.get('sl-violations') ?? ''].filter(Boolean),
  });
  expect(ignoring.status, ignoringText).toBe(201);
  expect(ignoring.headers.get('x-gateway-ignored-fields')?.split(',').sort()).toEqual([
    'charges[0].created_at',
    'customer.phones[0].extension',
    'notification_url',
  ]);

  // Refused on their merits, not for their shape: the document says these answers too.
  const unknown = '00000000-0000-4000-8000-000000000000';
  expect((await call('unknown order', 'GET', `/orders/ORDE_${unknown}`)).status).toBe(404);
  expect((await call('unknown charge', 'GET', `/charges/CHAR_${unknown}`)).status).toBe(404);
  expect((await call('capture a paid charge', 'POST', `/charges/${cardOrder.charges[0].id}/capture`, {})).status).toBe(
    409,
  );
  expect(
    (await call('a bad card number', 'POST', '/charges', subMerchantCharge({ number: '4111111111111112' }))).status,
  ).toBe(400);
  const key = { authorization: `Bearer ${sandbox.token}`, 'x-idempotency-key': 'pedido-42' };
  expect((await call('idempotent order', 'POST', '/orders', order(), key)).status).toBe(201);
  expect((await call('the key reused for another body', 'POST', '/orders', order([boletoCharge()]), key)).status).toBe(
    422,
  );

  const violated = exchanges.filter((e) => e.violations.length);
  console.log(`Prism proxy: ${exchanges.length} requests, ${violated.length} with violations`);
  for (const e of violated) console.log(`  ${e.label} → ${e.status}: ${e.violations.join('; ')}`);
  expect(violated.map((e) => `${e.label}: ${e.violations.join('; ')}`)).toEqual([]);
});
