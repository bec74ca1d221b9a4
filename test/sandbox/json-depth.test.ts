import { describe, expect } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../src/sandbox/http/json-depth';
import type { Route } from '../../src/sandbox/http/route';
import { routeTable } from '../../src/sandbox/routes/route-table';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// The default body limit: every deep body below fits in it, so the depth rule, not the size, answers.
const BODY_LIMIT = 65_536;

const deepObject = (levels: number, inner = '1') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** An object whose field `x` holds `levels - 1` more levels: `levels` in all. */
const deepInside = (levels: number, deep: (n: number) => string) => `{"type":"card","x":${deep(levels - 1)}}`;

/** The deepest bodies that fit the limit: about 10,900 objects, 32,700 arrays. */
const DEEPEST_OBJECT = Math.floor((BODY_LIMIT - 1) / 6);
const DEEPEST_ARRAY = Math.floor(BODY_LIMIT / 2);

describe('nestsDeeperThan', () => {
  it('counts the levels of objects and arrays, the outermost as one', () => {
    expect(nestsDeeperThan('{}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":[]}', 1)).toBe(true);
    expect(nestsDeeperThan('{"a":[]}', 2)).toBe(false);
    expect(nestsDeeperThan('[[1],[2],{"b":[3]}]', 2)).toBe(true);
    expect(nestsDeeperThan('[[1],[2],{"b":3}]', 2)).toBe(false);
    expect(nestsDeeperThan(deepObject(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(deepObject(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(deepArray(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('1')).toBe(false);
  });

  it('leaves brackets inside strings out, escaped quotes and backslashes included', () => {
    const brackets = '[{'.repeat(100);
    expect(nestsDeeperThan(JSON.stringify({ a: brackets }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: `"${brackets}` }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: `\\"${brackets}\\` }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ [`\\${brackets}"`]: [1] }))).toBe(false);
    // A string that ends in a backslash does not swallow the brackets after it.
    expect(nestsDeeperThan(`{"a":"\\\\","b":${deepArray(MAX_JSON_DEPTH)}}`)).toBe(true);
  });
});

/** `/orders/{id}/pay` with a made-up id: the body is read before the path's id is looked up. */
const pathOf = (route: Route) => route.path.replace(/\{\w+\}/g, 'CHAR_00000000-0000-4000-8000-000000000000');

const post = (sandbox: Sandbox, session: string, route: Route, body: string, contentType = 'application/json') =>
  fetch(`${route.origin === 'api' ? sandbox.apiUrl : sandbox.challengeUrl}${pathOf(route)}`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      ...(route.security === 'bearer' && { authorization: `Bearer ${sandbox.token}` }),
      ...(route.security === 'session' && { 'x-gateway-session': session }),
    },
    body,
  });

// From the route table, so a route added later is covered without a list here to keep up.
const POST_ROUTES = routeTable().filter((r) => r.method === 'post');
const JSON_ROUTES = POST_ROUTES.filter((r) => r.body?.contentType === 'application/json');

const tooDeep = {
  'objects just past the limit': deepObject(MAX_JSON_DEPTH + 1),
  'arrays just past the limit': deepArray(MAX_JSON_DEPTH + 1),
  'objects as deep as the body limit allows': deepObject(DEEPEST_OBJECT),
  'arrays as deep as the body limit allows': deepArray(DEEPEST_ARRAY),
  'a deep object inside a body with a card': `{"card":{"number":"4000000000002370","security_code":"987"},"x":${deepObject(DEEPEST_OBJECT - 20)}}`,
  'a deep array inside a body': deepInside(MAX_JSON_DEPTH + 1, deepArray),
};

describe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, () => {
  it('the bodies sent fit the body limit, so the size rule cannot be what answers', () => {
    for (const [name, body] of Object.entries(tooDeep)) expect(body.length, name).toBeLessThanOrEqual(BODY_LIMIT);
    expect(JSON_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'post /orders',
        'post /orders/{id}/pay',
        'post /charges',
        'post /public-keys',
        'post /checkout-sdk/3ds/authentications',
        'post /sandbox/clock/advance',
      ]),
    );
  });

  it('every JSON route answers 400 naming the limit, before any other check', async ({ sandbox, session }) => {
    for (const route of JSON_ROUTES) {
      for (const [name, body] of Object.entries(tooDeep)) {
        const res = await post(sandbox, session, route, body);
        const where = `${route.method.toUpperCase()} ${route.path}: ${name}`;
        expect(res.status, where).toBe(400);
        expect(await res.json(), where).toEqual({
          error_messages: [
            {
              code: '40002',
              parameter_name: '',
              description: `The body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep, the most the API reads.`,
            },
          ],
        });
      }
    }
  });

  it(`${MAX_JSON_DEPTH} levels are read as any body: no route answers the depth error, none a 5xx`, async ({
    sandbox,
    session,
  }) => {
    for (const route of JSON_ROUTES) {
      for (const body of [deepInside(MAX_JSON_DEPTH, deepObject), deepInside(MAX_JSON_DEPTH, deepArray)]) {
        const res = await post(sandbox, session, route, body);
        const where = `${route.method.toUpperCase()} ${route.path}`;
        expect(res.status, where).toBeLessThan(500);
        expect(JSON.stringify(await res.json()), where).not.toContain('levels deep');
      }
    }
  });

  it('routes without a JSON body never answer a 5xx to one, nor the form routes to deep JSON in a field', async ({
    sandbox,
    session,
  }) => {
    // Three fields of 2,000 levels each: deep, and the form still within the body limit.
    const deepField = Buffer.from(deepObject(2_000)).toString('base64url');
    const others = POST_ROUTES.filter((r) => !JSON_ROUTES.includes(r));
    expect(others.length).toBeGreaterThan(0);
    for (const route of others) {
      const where = `${route.method.toUpperCase()} ${route.path}`;
      for (const body of [deepObject(DEEPEST_OBJECT), deepArray(DEEPEST_ARRAY)]) {
        expect((await post(sandbox, session, route, body)).status, where).toBeLessThan(500);
      }
      const form = new URLSearchParams({ creq: deepField, cres: deepField, threeDSMethodData: deepField });
      expect(form.toString().length).toBeLessThan(BODY_LIMIT);
      const res = await post(sandbox, session, route, form.toString(), 'application/x-www-form-urlencoded');
      expect(res.status, `${where} (form)`).toBeLessThan(500);
    }
  });
});
