import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// vitest runs from the repository root.
const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');

describe('docs/testing.md', () => {
  it('shows exactly the sample tests that run in the e2e suite (test/e2e/testing-docs.spec.ts, testing-docs-pix.spec.ts, testing-docs-card-fields.spec.ts, testing-docs-provider-sdk.spec.ts, testing-docs-checkout.spec.ts)', () => {
    const blocks = [...read('docs/testing.md').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
    expect(blocks).toHaveLength(6);
    expect(blocks.slice(0, 2).join('\n')).toBe(read('test/e2e/testing-docs.spec.ts'));
    expect(blocks[2]).toBe(read('test/e2e/testing-docs-pix.spec.ts'));
    expect(blocks[3]).toBe(read('test/e2e/testing-docs-card-fields.spec.ts'));
    expect(blocks[4]).toBe(read('test/e2e/testing-docs-provider-sdk.spec.ts'));
    expect(blocks[5]).toBe(read('test/e2e/testing-docs-checkout.spec.ts'));
  });

  it("the provider page sample imports only the testing entry (and Node), and loads the provider's script unchanged", () => {
    const sample = read('test/e2e/testing-docs-provider-sdk.spec.ts');
    expect([...sample.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual(['node:http', '@gateway/sdk/testing']);
    expect(sample).toContain('src="https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js"');
  });

  it('the hosted card fields sample imports only the testing entry (and Node)', () => {
    const imports = [...read('test/e2e/testing-docs-card-fields.spec.ts').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports).toEqual(['node:http', '@gateway/sdk/testing']);
  });

  it('the Pix sample imports only the testing entry', () => {
    const imports = [...read('test/e2e/testing-docs-pix.spec.ts').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(imports).toEqual(['@gateway/sdk/testing']);
  });

  it('keeps the complete challenge test under 30 lines, importing only the testing entry (and Node)', () => {
    const first = [...read('docs/testing.md').matchAll(/^```ts\n([\s\S]*?)^```$/gm)][0]![1]!;
    expect(first.trimEnd().split('\n').length).toBeLessThan(30);
    const imports = [...read('test/e2e/testing-docs.spec.ts').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    expect(new Set(imports)).toEqual(new Set(['node:http', '@gateway/sdk/testing']));
  });
});
