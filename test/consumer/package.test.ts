// What the tarball holds and how its types compile in an integrator's project.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { packageDirOf } from '../../scripts/third-party-notices.mjs';
import { app, run } from './support';

const installed = () => join(app(), 'node_modules/@gateway/sdk');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
  );

describe('the tarball', () => {
  it("ships LICENSE and no source maps (they held other packages' code, none of ours)", () => {
    const shipped = files(installed()).map((f) => f.slice(installed().length + 1));
    expect(shipped).toContain('LICENSE');
    expect(shipped).toContain('dist/THIRD-PARTY-NOTICES.md');
    expect(shipped.filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('names no source map it does not ship (a debugger would ask for files that are not there)', () => {
    const shipped = files(installed());
    const dangling = shipped.flatMap((file) => {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(file, 'utf8'))?.[1];
      if (!url || url.startsWith('data:') || shipped.includes(join(file, '..', url))) return [];
      return [`${file.slice(installed().length + 1)} -> ${url}`];
    });
    expect(dangling).toEqual([]);
  });

  it('is the size README.md and docs/install.md say, as npm pack prints it (kB of 1,000 bytes)', () => {
    const doc = (page: string) => readFileSync(join(inject('repo'), page), 'utf8');
    const packed = statSync(join(app(), 'gateway-sdk-0.1.0.tgz')).size / 1000;
    const shipped = files(installed());
    const unpacked = shipped.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;
    const readme = /the tarball is about (\d+) kB/.exec(doc('README.md'));
    const install = /About (\d+) kB packed, ([\d.]+) MB unpacked, (\d+) files/.exec(doc('docs/install.md'));
    expect(readme, 'README.md: "the tarball is about N kB"').not.toBeNull();
    expect(install, 'docs/install.md: "About N kB packed, N MB unpacked, N files"').not.toBeNull();
    // Within 5 %: "about" in the docs, and a change of a few lines does not make them wrong.
    expect(
      Math.abs(Number(readme![1]) / packed - 1),
      `README says ${readme![1]} kB, npm pack ${packed} kB`,
    ).toBeLessThan(0.05);
    expect(
      Math.abs(Number(install![1]) / packed - 1),
      `install.md says ${install![1]} kB, npm pack ${packed} kB`,
    ).toBeLessThan(0.05);
    expect(
      Math.abs(Number(install![2]) / unpacked - 1),
      `install.md says ${install![2]} MB unpacked, ${unpacked} MB`,
    ).toBeLessThan(0.1);
    expect(shipped.length, 'files in the tarball').toBe(Number(install![3]));
  });

  it('ships one sandbox build: the CommonJS entry is a wrapper, not a second copy of hono and zod', () => {
    expect(statSync(join(installed(), 'dist/sandbox/index.cjs')).size).toBeLessThan(1024);
  });

  it('carries the licence notice of every package bundled into dist', () => {
    // The build's own (hidden, unshipped) maps name every module that went into each file.
    const dist = join(inject('repo'), 'dist');
    const bundled = new Set<string>();
    for (const map of files(dist).filter((f) => f.endsWith('.map'))) {
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      for (const source of sources) {
        const dir = packageDirOf(join(map, '..', source));
        if (dir) bundled.add(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name as string);
      }
    }
    expect([...bundled].sort()).toEqual(expect.arrayContaining(['hono', 'penpal', 'zod']));
    const notices = readFileSync(join(installed(), 'dist/THIRD-PARTY-NOTICES.md'), 'utf8');
    for (const name of bundled) {
      const section = notices.split(/^## /m).find((s) => s.startsWith(`${name} `));
      expect(section, `notice of ${name}`).toMatch(
        /Permission is hereby granted|Licensed under|Redistribution and use/,
      );
    }
  });
});

describe('consumer types', () => {
  const source = `import { setUp, authenticate3DS, GatewayError, type AuthenticationRequest } from '@gateway/sdk';
import { startSandbox, type Sandbox } from '@gateway/sdk/sandbox';
declare const request: AuthenticationRequest;
export async function pay(session: string): Promise<string> {
  setUp({ session, env: 'SANDBOX' });
  try {
    return (await authenticate3DS(request)).status;
  } catch (error) {
    if (error instanceof GatewayError) return error.detail.traceId;
    throw error;
  }
}
export const sandbox: Promise<Sandbox> = startSandbox({ port: 0 });
`;
  it.each([
    ['bundler', 'esnext', true],
    ['bundler', 'esnext', false],
    ['node16', 'node16', true],
    ['node16', 'node16', false],
    ['nodenext', 'nodenext', true],
    ['nodenext', 'nodenext', false],
  ])('type-check with moduleResolution %s (module %s), DOM lib %s', (resolution, module, dom) => {
    const name = `types-${resolution}-${dom ? 'dom' : 'nodom'}`;
    writeFileSync(join(app(), `${name}.mts`), source);
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        module,
        moduleResolution: resolution,
        target: 'es2022',
        lib: dom ? ['es2022', 'dom'] : ['es2022'],
        types: [],
      },
      files: [`${name}.mts`],
    };
    writeFileSync(join(app(), `${name}.json`), JSON.stringify(config));
    const r = run('npx', ['tsc', '-p', `${name}.json`], app());
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
