// Contract tests: requests made from the OpenAPI document's own schemas for every operation of the
// route table, against a live sandbox, each answer checked against the document (status, content
// type, headers, body). Valid requests (the documented example, and bodies generated from the
// request schema) and deliberately invalid ones (a required field left out, a wrong type, an
// unknown field, no or a wrong credential, an unknown id, another media type, a bad idempotency
// key), which must get the documented 4xx. Ids come from following the API's own answers and links.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerValidator } from '../../scripts/contract-answers.mjs';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { openApiDocument } from '../../src/sandbox/openapi/openapi-document';
import type { Route } from '../../src/sandbox/http/route';
import { routeTable } from '../../src/sandbox/routes/route-table';
import { arbitraryOf } from './contract/schema-arbitrary';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { encodeBase64UrlJson } from '../../src/sandbox/three-ds/base64url-json';
import { MESSAGE_VERSION, transIds } from '../../src/sandbox/three-ds/challenge-messages';
import type { AuthenticationRecord } from '../../src/sandbox/three-ds/authentication-record';

type Schema = { [key: string]: unknown };
type Json = Record<string, unknown>;

/** Cases per operation: a handful each, so the whole file stays cheap on 2 cores. */
const RUNS = { example: 2, generated: 3, invalid: 5 };

const document = openApiDocument() as { components: { schemas: Record<string, Schema> } };
const schemas = document.components.schemas;
const validator = answerValidator(document);
const ajvOf = (doc: { components: unknown }) => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components });
  return ajv;
};
const figures = { operations: 0, generated: 0, checked: 0, failed: 0, strict: 0, tolerant: 0 };
/** Which sandbox answers now: the strict one, then the default one (docs/rules.md#unknown-fields). */
let mode: 'strict' | 'tolerant' = 'strict';

/** One request of a case. */
interface Call {
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  /** JSON value, form fields, or raw text (with its own content type). */
  body?: { json: unknown } | { form: Record<string, string> } | { raw: string; type: string };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

let sandbox: Sandbox;

/** Sends one request and checks its answer; `generated` says it is a case (not a step that prepares one). */
async function send(route: Route, call: Call, generated = true): Promise<Answer> {
  const base = route.origin === 'api' ? sandbox.apiUrl : sandbox.challengeUrl;
  const url = `${base}${call.path}${call.query ? `?${new URLSearchParams(call.query)}` : ''}`;
  const headers = { ...call.headers };
  let body: string | undefined;
  if (call.body && 'json' in call.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body.json);
  } else if (call.body && 'form' in call.body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.body.form).toString();
  } else if (call.body) {
    headers['content-type'] = call.body.type;
    body = call.body.raw;
  }
  const res = await fetch(url, { method: route.method.toUpperCase(), headers, body });
  const answerHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    answerHeaders[name] = value;
  });
  const isJson = /^application\/json/.test(answerHeaders['content-type'] ?? '');
  // Other bodies are read to the end (so the connection is free) but not kept; an event stream
  // never ends, so it is read to its first event and closed.
  const text = isJson
    ? await res.text()
    : /^text\/event-stream/.test(answerHeaders['content-type'] ?? '')
      ? await firstEvent(res)
      : await res.arrayBuffer().then(() => '');
  if (generated) figures.generated++;
  figures.checked++;
  figures[mode]++;
  const problems = validator.check({
    method: route.method.toUpperCase(),
    path: call.path,
    status: res.status,
    headers: answerHeaders,
    ...(isJson && { body: text }),
  });
  if (problems.length) figures.failed++;
  expect(problems, `${route.method.toUpperCase()} ${call.path}`).toEqual([]);
  expect(res.status, `${route.method.toUpperCase()} ${call.path} answered a 5xx`).toBeLessThan(500);
  return { status: res.status, headers: answerHeaders, text, json: isJson && text ? JSON.parse(text) : undefined };
}

/** Reads a server-sent event stream up to its first event, then closes it. */
async function firstEvent(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  let text = '';
  while (!text.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  return '';
}

/** A webhook receiver that answers every delivery 204, for the deliveries the console's endpoints show. */
let receiverUrl: string | undefined;
async function webhookReceiver(): Promise<string> {
  if (receiverUrl) return receiverUrl;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiverUrl;
}

/** A delivered notification's id: a paid charge notifying the receiver, once its delivery is done. */
async function deliveredNotification(): Promise<number> {
  // The settings' generated cases ran before (the table's order) and may have left clear card data refused.
  sandbox.configureMerchant({ pciHomologated: true });
  const example = exampleOf(byId('createCharge'))!;
  const charge = await created('createCharge', {
    ...example,
    payment_method: { ...(example.payment_method as Json), capture: true },
    notification_urls: [await webhookReceiver()],
  });
  for (;;) {
    const res = await fetch(`${sandbox.apiUrl}/sandbox/webhook-deliveries?resource=${charge.id}&state=delivered`, {
      headers: bearer(),
    });
    const [delivery] = ((await res.json()) as { deliveries: Array<{ id: number }> }).deliveries;
    if (delivery) return delivery.id;
    await new Promise((r) => setTimeout(r, 10));
  }
}

// ---- following the API to the ids an operation needs ----------------------------------------

const bearer = () => ({ authorization: `Bearer ${sandbox.token}` });
const exampleOf = (route: Route) => structuredClone(route.body?.example) as Json | undefined;
const byId = (id: string) => routeTable().find((r) => r.operationId === id)!;
const pathOf = (href: string) => new URL(href).pathname;

async function created(operationId: string, body: unknown, headers: Record<string, string> = bearer()): Promise<any> {
  const route = byId(operationId);
  const answer = await send(route, { path: route.path, headers, body: { json: body } }, false);
  // The status the route documents as its success (201 for most creations, 200 for a public key).
  const success = Number(Object.keys(route.responses).find((status) => status.startsWith('2')));
  expect(answer.status, `${operationId} while preparing a case: ${answer.text}`).toBe(success);
  return answer.json;
}

const session = async () => (await created('createSdkSession', {})).session as string;
const authentication = async (number: string) => {
  const body = exampleOf(byId('createAuthentication'))!;
  ((body.data as Json).paymentMethod as { card: Json }).card.number = number;
  return created('createAuthentication', body, { 'x-gateway-session': await session() });
};
const authorizedCharge = async () => {
  const body = exampleOf(byId('createCharge'))!;
  (body.payment_method as Json).capture = false;
  return created('createCharge', body);
};
const paidCharge = async () =>
  created('createCharge', {
    ...exampleOf(byId('createCharge'))!,
    payment_method: { ...(exampleOf(byId('createCharge'))!.payment_method as Json), capture: true },
  });
const orderWithoutPayment = async () => {
  const body = exampleOf(byId('createOrder'))!;
  delete body.charges;
  return created('createOrder', body);
};
const boletoOrder = async () => {
  const body = exampleOf(byId('createOrder'))!;
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  body.charges = [
    {
      amount: { value: 2500, currency: 'BRL' },
      payment_method: {
        type: 'BOLETO',
        boleto: {
          due_date: due,
          instruction_lines: { line_1: 'Não receber após o vencimento', line_2: 'Pedido 1001' },
          holder: {
            name: 'Maria da Silva',
            tax_id: '12345678909',
            email: 'maria@example.com',
            address: {
              country: 'Brasil',
              region: 'São Paulo',
              region_code: 'SP',
              city: 'São Paulo',
              postal_code: '01310100',
              street: 'Avenida Paulista',
              number: '1000',
              locality: 'Bela Vista',
            },
          },
        },
      },
    },
  ];
  return created('createOrder', body);
};
const pixOrder = async () => {
  const body = exampleOf(byId('createOrder'))!;
  delete body.charges;
  body.qr_codes = [{ amount: { value: 2500 } }];
  return created('createOrder', body);
};
const challengeParams = async () => {
  const auth = await authentication('4000000000002503');
  const url = new URL(auth.challenge.url);
  return {
    id: auth.id as string,
    query: { ...Object.fromEntries(url.searchParams), parent: 'https://shop.example', locale: 'en' } as Record<
      string,
      string
    >,
  };
};
const link = (resource: { links: Array<{ rel: string; href: string }> }, rel: string) =>
  pathOf(resource.links.find((l) => l.rel === rel)!.href);

/** A valid call of each operation, on fresh resources where the operation changes one. */
async function validCall(route: Route): Promise<Call> {
  const example = exampleOf(route);
  const json = example === undefined ? undefined : { json: example };
  switch (route.operationId) {
    case 'getSdkScript':
      return { path: '/sdk/gateway.js', headers: {} };
    case 'getPublicKey':
      await created('createPublicKey', { type: 'card' });
      return { path: route.path, headers: bearer() };
    case 'createAuthentication':
      return { path: route.path, headers: { 'x-gateway-session': await session() }, body: json };
    case 'getAuthentication': {
      const auth = await authentication('4000000000002370');
      return {
        path: `/checkout-sdk/3ds/authentications/${auth.id}`,
        headers: { 'x-gateway-session': await session() },
      };
    }
    case 'getMerchantAuthentication':
      return { path: `/3ds/authentications/${(await authentication('4000000000002370')).id}`, headers: bearer() };
    case 'getOrder':
      return { path: pathOf(`${sandbox.apiUrl}/orders/${(await orderWithoutPayment()).id}`), headers: bearer() };
    case 'getSplit':
    case 'releaseSplitCustody': {
      // A paid charge whose one receiver holds its share in custody.
      const example = exampleOf(byId('createCharge'))!;
      const value = (example.amount as { value: number }).value;
      const charge = await created('createCharge', {
        ...example,
        payment_method: { ...(example.payment_method as Json), capture: true },
        splits: {
          method: 'FIXED',
          receivers: [
            {
              account: { id: `ACCO_${randomUUID()}` },
              amount: { value },
              configurations: { custody: { apply: true } },
            },
          ],
        },
      });
      return { path: route.path.replace('{id}', charge.splits.id), headers: bearer() };
    }
    case 'findOrderByCharge':
      return {
        path: route.path,
        query: { charge_id: (await created('createOrder', exampleOf(byId('createOrder'))!)).charges[0].id },
        headers: bearer(),
      };
    case 'payOrder':
      return { path: `/orders/${(await orderWithoutPayment()).id}/pay`, headers: bearer(), body: json };
    case 'calculateInstallmentFees':
      return {
        path: route.path,
        query: Object.fromEntries(route.parameters!.map((p) => [p.name, String(p.example)])),
        headers: bearer(),
      };
    case 'getCharge':
      return { path: link(await paidCharge(), 'SELF'), headers: bearer() };
    case 'getCheckoutPayPage':
      return { path: link(await created('createCheckout', exampleOf(byId('createCheckout'))), 'PAY'), headers: {} };
    case 'payCheckout':
      return {
        path: `${link(await created('createCheckout', exampleOf(byId('createCheckout'))), 'PAY')}/payments`,
        headers: {},
        body: json,
      };
    case 'getCheckoutPayOrder':
    case 'simulateCheckoutPixPayment': {
      const page = link(await created('createCheckout', exampleOf(byId('createCheckout'))), 'PAY');
      const pay = byId('payCheckout');
      const order = await send(pay, { path: `${page}/payments`, headers: {}, body: { json: exampleOf(pay) } }, false);
      const path = `${page}/orders/${order.json.id}`;
      return { path: route.operationId === 'getCheckoutPayOrder' ? path : `${path}/pix-payment`, headers: {} };
    }
    case 'getCheckout':
      return {
        path: link(await created('createCheckout', exampleOf(byId('createCheckout'))), 'SELF'),
        headers: bearer(),
      };
    case 'inactivateCheckout':
      return {
        path: link(await created('createCheckout', exampleOf(byId('createCheckout'))), 'INACTIVATE'),
        headers: bearer(),
      };
    case 'activateCheckout': {
      const checkout = await created('createCheckout', exampleOf(byId('createCheckout')));
      await send(byId('inactivateCheckout'), { path: link(checkout, 'INACTIVATE'), headers: bearer() }, false);
      return { path: link(checkout, 'INACTIVATE').replace('/inactivate', '/activate'), headers: bearer() };
    }
    case 'captureCharge':
      return { path: link(await authorizedCharge(), 'CHARGE.CAPTURE'), headers: bearer() };
    case 'cancelCharge':
      return { path: link(await paidCharge(), 'CHARGE.CANCEL'), headers: bearer() };
    case 'getBoletoFile': {
      const charge = (await boletoOrder()).charges[0];
      return {
        path: pathOf(charge.links.find((l: { media: string }) => l.media === 'application/pdf').href),
        headers: {},
      };
    }
    case 'simulateBoletoPaid':
    case 'simulateBoletoExpired':
      return { path: route.path.replace('{id}', (await boletoOrder()).charges[0].id), headers: bearer() };
    case 'getQrCodeImage':
      return { path: pathOf((await pixOrder()).qr_codes[0].links[0].href), headers: {} };
    case 'simulateQrCodePaid':
    case 'simulateQrCodeExpired':
      return { path: route.path.replace('{id}', (await pixOrder()).qr_codes[0].id), headers: bearer() };
    case 'decideChallenge':
      return { path: route.path.replace('{id}', (await challengeParams()).id), headers: bearer(), body: json };
    case 'getCardFieldsUrl':
      return { path: route.path, headers: { 'x-gateway-session': await session() } };
    case 'getCardField':
      return {
        path: route.path,
        query: { field: 'number', parent: 'https://shop.example', locale: 'en' },
        headers: { accept: 'text/html' },
      };
    case 'getChallengeHost':
    case 'getIssuerPage':
      return { path: route.path, query: (await challengeParams()).query, headers: { accept: 'text/html' } };
    case 'submitIssuerCode':
      return { path: route.path, headers: {}, body: { form: { ...(await challengeParams()).query, code: '123456' } } };
    case 'challengeNotification': {
      // The cres the issuer page posts once the shopper typed the right code.
      const { id, query } = await challengeParams();
      const decided = await fetch(`${sandbox.challengeUrl}/challenge/acs`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...query, code: '123456' }).toString(),
      });
      expect(decided.status).toBe(200);
      await decided.arrayBuffer();
      const ids = transIds({ id, threeDsServerTransId: null } as AuthenticationRecord);
      const cres = encodeBase64UrlJson({
        messageType: 'CRes',
        messageVersion: MESSAGE_VERSION,
        ...ids,
        transStatus: 'Y',
        challengeCompletionInd: 'Y',
      });
      return { path: route.path, headers: {}, body: { form: { ...query, cres } } };
    }
    case 'continueAuthentication': {
      const auth = await authentication('4000000000004004');
      return {
        path: route.path.replace('{id}', auth.id),
        headers: { 'x-gateway-session': await session() },
        body: json,
      };
    }
    case 'submitMethodData':
      return {
        path: route.path,
        headers: {},
        body: { form: { threeDSMethodData: (await authentication('4000000000004004')).method.three_ds_method_data } },
      };
    case 'methodNotification': {
      // What the ACS posts: the transaction id alone (docs/three-ds-flow.md#the-3ds-method).
      const threeDSServerTransID = (await authentication('4000000000004004')).method.three_ds_server_trans_id;
      return {
        path: route.path,
        headers: {},
        body: { form: { threeDSMethodData: encodeBase64UrlJson({ threeDSServerTransID }) } },
      };
    }
    case 'listSandboxResources':
      return { path: route.path, query: { kind: 'order' }, headers: bearer() };
    case 'getSandboxTimeline':
      return { path: `/sandbox/resources/${(await orderWithoutPayment()).id}`, headers: bearer() };
    case 'getWebhookDelivery':
    case 'resendWebhookDelivery':
      return { path: route.path.replace('{id}', String(await deliveredNotification())), headers: bearer() };
    case 'endChallenge':
      return {
        path: route.path,
        headers: {},
        body: { form: { ...(await challengeParams()).query, reason: 'CHALLENGE_CANCELED' } },
      };
    default:
      return { path: route.path, headers: route.security === 'bearer' ? bearer() : {}, ...(json && { body: json }) };
  }
}

const STATIC_BUILDS = new Set(['getSdkScript', 'getChallengeHostScript', 'getIssuerPageScript', 'getCardFieldScript']);

// ---- invalid requests ---------------------------------------------------------------------------

/** How a valid call is broken, and the status the document says that earns. */
type Breakage = { name: string; status: number; parameter?: string; apply(call: Call): Call };

function breakages(route: Route, call: Call): Breakage[] {
  const out: Breakage[] = [];
  const withHeaders =
    (headers: Record<string, string>) =>
    (c: Call): Call => ({ ...c, headers });
  if (route.security === 'bearer') {
    out.push({ name: 'no token', status: 401, parameter: 'Authorization', apply: withHeaders({}) });
    out.push({
      name: 'wrong token',
      status: 401,
      parameter: 'Authorization',
      apply: withHeaders({ authorization: 'Bearer sbx_not_a_token' }),
    });
  }
  if (route.security === 'session') {
    out.push({ name: 'no session', status: 401, parameter: 'X-Gateway-Session', apply: withHeaders({}) });
    out.push({
      name: 'unknown session',
      status: 401,
      parameter: 'X-Gateway-Session',
      apply: withHeaders({ 'x-gateway-session': 'sess_unknown' }),
    });
  }
  const idParam = route.parameters?.find((p) => p.in === 'path' && p.name === 'id');
  if (idParam) {
    const prefix = String((idParam.schema as { pattern: string }).pattern)
      .slice(1)
      .split('[')[0];
    const index = route.path.split('/').indexOf('{id}');
    out.push({
      name: 'unknown id',
      status: 404,
      apply: (c) => ({
        ...c,
        path: c.path
          .split('/')
          .map((part, i) => (i === index ? `${prefix}${randomUUID()}` : part))
          .join('/'),
      }),
    });
  }
  if (route.idempotent)
    out.push({
      name: 'bad idempotency key',
      status: 400,
      parameter: 'x-idempotency-key',
      apply: (c) => ({ ...c, headers: { ...c.headers, 'x-idempotency-key': 'has spaces in it' } }),
    });
  const body = call.body;
  if (body && 'json' in body && route.body) {
    const schema = schemas[route.body.schema.name]!;
    const value = body.json as Json;
    for (const key of (schema.required ?? []) as string[]) {
      out.push({
        name: `without ${key}`,
        status: 400,
        parameter: key,
        apply: (c) => ({ ...c, body: { json: { ...value, [key]: undefined } } }),
      });
    }
    for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      // A field open to any keys (a charge's metadata) takes { wrong: 'type' }: a text is its wrong type.
      const takesAnyObject = JSON.stringify(property).includes('"propertyNames"');
      const wrong =
        property.type === 'object' || property.type === 'array' || takesAnyObject ? 'not an object' : { wrong: 'type' };
      out.push({
        name: `${key} of the wrong type`,
        status: 400,
        parameter: key,
        apply: (c) => ({ ...c, body: { json: { ...value, [key]: wrong } } }),
      });
    }
    // Strict (this sandbox): a field the body does not list is refused, where the document leaves a
    // merchant body open (its description says so) and an SDK body closed (additionalProperties false).
    out.push({
      name: 'an unknown field',
      status: 400,
      parameter: 'not_a_field',
      apply: (c) => ({ ...c, body: { json: { ...value, not_a_field: 1 } } }),
    });
    out.push({
      name: 'not JSON',
      status: 415,
      apply: (c) => ({ ...c, body: { raw: 'type=card', type: 'text/plain' } }),
    });
  }
  if (body && 'form' in body && route.body) {
    // Each field the form's schema requires (the challenge parameters, or the 3DS Method's threeDSMethodData).
    const required = (schemas[route.body.schema.name]!.required ?? []) as string[];
    for (const key of required.filter((k) => k in body.form)) {
      out.push({
        name: `form without ${key}`,
        status: 400,
        parameter: key,
        apply: (c) => ({
          ...c,
          body: { form: Object.fromEntries(Object.entries(body.form).filter(([k]) => k !== key)) },
        }),
      });
    }
    out.push({
      name: 'not a form',
      status: 415,
      apply: (c) => ({ ...c, body: { raw: JSON.stringify(body.form), type: 'application/json' } }),
    });
  }
  if (call.query) {
    // The challenge pages answer HTML (no parameter to name) and take no headers; the API answers JSON naming it.
    const api = route.security === 'bearer';
    const query = (route.parameters ?? []).filter((p) => p.in === 'query');
    for (const { name: key } of query.filter((p) => p.required)) {
      out.push({
        name: `query without ${key}`,
        status: 400,
        ...(api && { parameter: key }),
        apply: (c) => ({
          ...c,
          query: Object.fromEntries(Object.entries(c.query!).filter(([k]) => k !== key)),
          headers: api ? c.headers : {},
        }),
      });
    }
    if (api) {
      // A free-text filter (a trace id, a reference_id) takes any text: only a parameter whose schema refuses the value is broken by it.
      const accepts = (schema: unknown) => ajvOf(document).compile(schema as object)('not-a-value');
      for (const { name: key } of query.filter((p) => !accepts(p.schema)))
        out.push({
          name: `query ${key} of the wrong type`,
          status: 400,
          parameter: key,
          apply: (c) => ({ ...c, query: { ...c.query, [key]: 'not-a-value' } }),
        });
      out.push({
        name: 'an unknown query parameter',
        status: 400,
        parameter: 'not_a_parameter',
        apply: (c) => ({ ...c, query: { ...c.query, not_a_parameter: '1' } }),
      });
    }
  }
  return out;
}

afterAll(() => {
  if (process.env.CONTRACT_FIGURES) {
    mkdirSync(dirname(process.env.CONTRACT_FIGURES), { recursive: true });
    writeFileSync(process.env.CONTRACT_FIGURES, JSON.stringify(figures));
  }
  console.log(
    `contract: operations ${figures.operations}, generated ${figures.generated}, answers checked ${figures.checked} (strict ${figures.strict}, default ${figures.tolerant}), not as documented ${figures.failed}`,
  );
});

/** The JSON operations, and whether the document leaves their body open to fields it does not list (the merchant API's). */
const jsonRoutes = routeTable().filter((r) => r.body?.contentType === 'application/json');
const isOpen = (route: Route) => route.security === 'bearer';

/**
 * The body with `x_unlisted` added to the object at `at` (a path of keys), and the name the API
 * gives that field (`charges[0].x_unlisted`, as error items write it).
 */
function withUnlisted(body: Json, at: ReadonlyArray<string | number>): { json: Json; name: string } {
  const json = structuredClone(body);
  let node: any = json;
  for (const key of at) node = node[key];
  node.x_unlisted = 'ignored?';
  const name = at.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
    '',
  );
  return { json, name: name ? `${name}.x_unlisted` : 'x_unlisted' };
}

/** The paths of every object in a JSON value (the root's is []). */
function objectPaths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectPaths(v, [...at, i]));
  if (!value || typeof value !== 'object') return [];
  return [at, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...at, k]))];
}

/**
 * The unlisted-field cases of an operation: its valid body with a field it does not list added at
 * each of its objects, checked against the document's schema (open or closed) and sent to the
 * sandbox of this mode. Returns what each case was answered.
 */
async function unlistedCases(route: Route, check: (answer: Answer, name: string, documented: boolean) => void) {
  const accepts = ajvOf(document).compile({ $ref: `doc#/components/schemas/${route.body!.schema.name}` });
  const base = await validCall(route);
  const body = ((base.body as { json: Json } | undefined)?.json ?? {}) as Json;
  const paths = objectPaths(body);
  expect(paths.length, route.operationId).toBeGreaterThan(0);
  for (const at of paths) {
    const { json, name } = withUnlisted(body, at);
    const documented = accepts(JSON.parse(JSON.stringify(json, (_, v) => (v === null ? undefined : v))));
    // The merchant API's bodies are open at every depth; the SDK's say object by object.
    if (isOpen(route)) expect(documented, `${route.operationId} ${name}: the document refuses it`).toBe(true);
    const call = await validCall(route);
    check(await send(route, { ...call, body: { json } }), name, documented);
  }
}

describe('the sandbox answers as its OpenAPI document says', () => {
  beforeAll(async () => {
    // Strict: a field a request body does not list is refused with 40003, as the document's request
    // bodies say (docs/rules.md#unknown-fields); the default sandbox, below, ignores it.
    mode = 'strict';
    sandbox = await startSandbox({ strict: true });
  });
  afterAll(() => sandbox.close());

  for (const route of jsonRoutes)
    it(`refuses a field ${route.operationId}'s body does not list, at any depth, with 40003 naming it (strict)`, async () => {
      await unlistedCases(route, (answer, name, documented) => {
        // An SDK body's object that takes what it does not list (the authentication's `data`) takes it in both modes.
        if (!isOpen(route) && documented) return expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(300);
        expect(answer.status, `${name}: ${answer.text}`).toBe(400);
        expect(answer.json.error_messages, name).toContainEqual(
          expect.objectContaining({ code: '40003', parameter_name: name }),
        );
        expect(answer.headers['x-gateway-ignored-fields'], name).toBeUndefined();
      });
    });

  // Regression: the document said colorDepth was any integer 1-64 and challengeWindowSize did not exist,
  // where the API takes EMV's values (docs/three-ds-flow.md#browser-data). The two must agree on each.
  it('agrees with the API on the EMV device fields: what the document allows is answered 201, what it refuses 400', async () => {
    const route = byId('createAuthentication');
    const accepts = ajvOf(document).compile({ $ref: 'doc#/components/schemas/AuthenticationRequest' });
    const variants: Array<Record<string, unknown>> = [
      ...[1, 4, 8, 15, 16, 24, 32, 48, 2, 30, 64].map((colorDepth) => ({ colorDepth })),
      ...['01', '03', '05', '00', '06', 3, null].map((challengeWindowSize) => ({ challengeWindowSize })),
      { challengeWindowSize: undefined },
      { browserAcceptHeader: 'text/html' },
      { browserIP: '127.0.0.1' },
    ];
    for (const variant of variants) {
      const body = exampleOf(route)!;
      body.device = { ...(body.device as Json), ...variant };
      // JSON drops undefined; null is sent, and counts as absent for the API as for an older SDK.
      const documented = accepts(JSON.parse(JSON.stringify(body, (_, v) => (v === null ? undefined : v))));
      const answer = await send(route, {
        path: route.path,
        headers: { 'x-gateway-session': await session() },
        body: { json: body },
      });
      expect(answer.status, `${JSON.stringify(variant)}: ${answer.text}`).toBe(documented ? 201 : 400);
      if (!documented)
        expect(
          answer.json.error_messages.map((e: { parameter_name: string }) => e.parameter_name)[0],
          JSON.stringify(variant),
        ).toMatch(/^device\./);
    }
  });

  it('answers each named example of a request as its summary says (the sandbox cards, the 3DS Method ones too)', async () => {
    for (const route of routeTable()) {
      for (const [name, { summary, value }] of Object.entries(route.body?.examples ?? {})) {
        const call = await validCall(route);
        const answer = await send(route, { ...call, body: { json: value } });
        expect(answer.status, `${route.operationId} ${name}: ${answer.text}`).toBe(201);
        // The summary names the status the card answers first (REQUIRE_METHOD, REQUIRE_CHALLENGE, AUTH_FLOW_COMPLETED).
        const first = summary.match(/[A-Z]{2,}(?:_[A-Z]+)+/)![0];
        expect(answer.json.status, `${route.operationId} ${name}`).toBe(first);
        expect(answer.json.method !== null, `${route.operationId} ${name}: method`).toBe(first === 'REQUIRE_METHOD');
      }
    }
  });

  for (const route of routeTable()) {
    describe(`${route.method.toUpperCase()} ${route.path} (${route.operationId})`, () => {
      it('answers a valid request as documented (2xx for the example)', async () => {
        figures.operations++;
        for (let i = 0; i < RUNS.example; i++) {
          const call = await validCall(route);
          const answer = await send(route, { ...call, headers: { ...call.headers, 'x-trace-id': randomUUID() } });
          if (STATIC_BUILDS.has(route.operationId) && answer.status === 404) continue; // no build yet: documented 404
          expect(answer.status, answer.text).toBeGreaterThanOrEqual(200);
          expect(answer.status, answer.text).toBeLessThan(300);
        }
      });

      if (route.body?.contentType === 'application/json') {
        it('answers bodies generated from its request schema with a documented status, never a 5xx', async () => {
          const schema = schemas[route.body!.schema.name]!;
          await fc.assert(
            fc.asyncProperty(arbitraryOf(schema, schemas), async (body) => {
              const call = await validCall(route);
              await send(route, { ...call, body: { json: body } });
            }),
            { numRuns: RUNS.generated },
          );
        });
      }

      const queryParameters = (route.parameters ?? []).filter((p) => p.in === 'query');
      if (route.security === 'bearer' && queryParameters.length) {
        it('answers queries generated from its parameters with a documented status, never a 5xx', async () => {
          const query = {
            type: 'object',
            properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema])),
            required: queryParameters.filter((p) => p.required).map((p) => p.name),
          };
          await fc.assert(
            fc.asyncProperty(arbitraryOf(query, schemas), async (values) => {
              const call = await validCall(route);
              const answer = await send(route, {
                ...call,
                query: Object.fromEntries(Object.entries(values as Json).map(([k, v]) => [k, String(v)])),
              });
              // Generated values break only what the schemas cannot say, as the descriptions do: a no-interest
              // count over the most installments, a BIN of no network the sandbox knows.
              if (answer.status === 400)
                for (const e of answer.json.error_messages)
                  expect(['max_installments_no_interest', 'credit_card_bin']).toContain(e.parameter_name);
              // A generated id names nothing: a lookup by id answers its documented 404.
              else if (answer.status === 404) expect(route.errors).toContain(404);
              else expect(answer.status, answer.text).toBe(200);
            }),
            { numRuns: RUNS.generated * 3 },
          );
        });
      }

      it('answers broken requests with the documented 4xx, naming the parameter', async () => {
        const base = await validCall(route);
        const ways = breakages(route, base);
        if (!ways.length) return;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...ways), async (way) => {
            const answer = await send(route, way.apply(await validCall(route)));
            expect(answer.status, `${way.name}: ${answer.text}`).toBe(way.status);
            if (way.parameter) {
              const names = (answer.json?.error_messages ?? []).map(
                (e: { parameter_name: string }) => e.parameter_name,
              );
              expect(
                names.some(
                  (n: string) =>
                    n === way.parameter || n.startsWith(`${way.parameter}.`) || n.startsWith(`${way.parameter}[`),
                ),
                `${way.name}: ${answer.text}`,
              ).toBe(true);
            }
          }),
          { numRuns: Math.min(RUNS.invalid, ways.length * 2) },
        );
      });
    });
  }
});

describe('out of strict mode the sandbox answers as its OpenAPI document says', () => {
  beforeAll(async () => {
    mode = 'tolerant';
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  for (const route of jsonRoutes)
    it(`${isOpen(route) ? 'ignores' : 'takes or refuses'} a field ${route.operationId}'s body does not list, at any depth, as the document says`, async () => {
      await unlistedCases(route, (answer, name, documented) => {
        if (documented) {
          expect(answer.status, `${name}: ${answer.text}`).toBeGreaterThanOrEqual(200);
          expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(300);
          if (isOpen(route)) expect(answer.headers['x-gateway-ignored-fields'], name).toBe(name);
        } else {
          expect(answer.status, `${name}: ${answer.text}`).toBe(400);
          expect(answer.json.error_messages, name).toContainEqual(
            expect.objectContaining({ code: '40003', parameter_name: name }),
          );
        }
      });
    });

  for (const route of jsonRoutes.filter(isOpen))
    it(`answers bodies generated from ${route.operationId}'s open schema, unlisted fields and all, as documented`, async () => {
      const schema = schemas[route.body!.schema.name]!;
      await fc.assert(
        fc.asyncProperty(arbitraryOf(schema, schemas, { unlisted: true }), async (body) => {
          const call = await validCall(route);
          const answer = await send(route, { ...call, body: { json: body } });
          // Every field the generator added that the schema does not list is named (a success or an error).
          const added = unlistedNames(body);
          if (answer.status < 300)
            expect(answer.headers['x-gateway-ignored-fields']?.split(',').sort() ?? []).toEqual(added);
        }),
        { numRuns: RUNS.generated },
      );
    });
});

/** The names of the fields arbitraryOf added with `unlisted` (keys that start with `x_unlisted`), as the API writes them. */
function unlistedNames(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => unlistedNames(v, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value)
    .flatMap(([k, v]) => {
      const name = at ? `${at}.${k}` : k;
      return k.startsWith('x_unlisted') ? [name] : unlistedNames(v, name);
    })
    .sort();
}
