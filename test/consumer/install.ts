// The consumer suite's global set-up: the packed tarball installed in empty projects, once for the
// whole suite (scripts/prepare-consumer.mjs says how). `npm test` prepares them in the background
// while the other suites run and hands the folder over in GATEWAY_CONSUMER_ROOT; otherwise (a
// consumer run of its own) they are prepared here.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareConsumer, READY_FILE } from '../../scripts/prepare-consumer.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    consumerRoot: string;
    repo: string;
  }
}

export default function setup(project: TestProject): () => void {
  project.provide('repo', resolve(import.meta.dirname, '../..'));
  const prepared = process.env.GATEWAY_CONSUMER_ROOT;
  if (prepared && existsSync(join(prepared, READY_FILE))) {
    project.provide('consumerRoot', prepared);
    // Whoever prepared it removes it.
    return () => {};
  }
  const root = mkdtempSync(join(tmpdir(), 'gateway-consumer-'));
  prepareConsumer(root);
  project.provide('consumerRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
