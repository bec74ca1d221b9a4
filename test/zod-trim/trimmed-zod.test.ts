import * as z from 'zod/v4/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validRequest } from '../unit/support/requests';

// Runs in vitest's `zod-trim` project, on zod as the browser builds carry it (scripts/zod-trim.mjs).
// The SDK's validation suites run there too; these are the trim's own promises.

type Global = { __zod_globalConfig?: Record<string, unknown> };
const global = globalThis as Global;
afterEach(() => {
  delete global.__zod_globalConfig;
  vi.resetModules();
});

const rule = () => new z.$ZodTransform({ type: 'transform', transform: (v: unknown) => v });
const wrong = () => {
  const request = validRequest() as { data: { customer: Record<string, unknown> } };
  request.data.customer.name = '1';
  delete request.data.customer.email;
  return request;
};

describe('zod as the browser builds carry it', () => {
  it('refuses a check or a catchall, the paths it no longer has, when the schema is built', () => {
    const check = new z.$ZodCheck({ check: 'custom' });
    expect(() => new z.$ZodTransform({ type: 'transform', transform: (v: unknown) => v, checks: [check] })).toThrow(
      "gateway: zod checks are not in the SDK's build",
    );
    expect(
      () => new z.$ZodObject({ type: 'object', shape: { a: rule() }, catchall: rule() } as z.$ZodObjectDef),
    ).toThrow("gateway: zod catchall is not in the SDK's build");
  });

  it('throws at a rule that returns a Promise instead of answering later', () => {
    const schema = new z.$ZodTransform({ type: 'transform', transform: async (v: unknown) => v });
    expect(() => schema['~standard'].validate('x')).toThrow('Encountered Promise during synchronous parse');
  });

  it('still validates: the object drops unknown keys and reports issues with their paths', () => {
    const schema = new z.$ZodObject({
      type: 'object',
      shape: {
        a: new z.$ZodTransform({
          type: 'transform',
          transform: (v: unknown, payload) => {
            if (v !== 1) payload.issues.push({ code: 'custom', message: 'must be 1', input: v });
            return v;
          },
        }),
        b: new z.$ZodOptional({ type: 'optional', innerType: rule() }),
        list: new z.$ZodArray({ type: 'array', element: rule() }),
      },
    });
    expect(schema['~standard'].validate({ a: 1, list: [1, 2], extra: true })).toEqual({
      value: { a: 1, list: [1, 2] },
    });
    expect(schema['~standard'].validate({ a: 2, list: 'x' })).toEqual({
      issues: [
        { code: 'custom', message: 'must be 1', path: ['a'] },
        { code: 'invalid_type', expected: 'array', message: 'Invalid input', path: ['list'] },
      ],
    });
  });
});

describe("the SDK and the page's own zod", () => {
  it('the SDK puts no zod configuration on a page that has none', async () => {
    delete global.__zod_globalConfig;
    const { validateRequest } = await import('../../src/sdk/validate-request');
    expect(validateRequest(wrong()).ok).toBe(false);
    expect(global.__zod_globalConfig).toBeUndefined();
  });

  it("a merchant's zod configuration (error maps, memoizer, post-processor) never reaches the SDK's schema", async () => {
    const postProcessor = vi.fn();
    const memoizer = { attach: vi.fn(), alloc: vi.fn(), guard: vi.fn() };
    const page = { postProcessor, memoizer, customError: () => 'PAGE-ZOD', localeError: () => 'PAGE-ZOD' };
    global.__zod_globalConfig = page;
    const { validateRequest } = await import('../../src/sdk/validate-request');

    const result = validateRequest(wrong());
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.parameterName)).toEqual([
      'data.customer.name',
      'data.customer.email',
    ]);
    expect(JSON.stringify(result)).not.toContain('PAGE-ZOD');
    expect(validateRequest(validRequest()).ok).toBe(true);
    expect(postProcessor).not.toHaveBeenCalled();
    expect(memoizer.attach).not.toHaveBeenCalled();
    expect(memoizer.alloc).not.toHaveBeenCalled();
    expect(memoizer.guard).not.toHaveBeenCalled();
    expect(global.__zod_globalConfig).toBe(page);
    expect(Object.keys(page)).toEqual(['postProcessor', 'memoizer', 'customError', 'localeError']);
  });
});
