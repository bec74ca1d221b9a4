/**
 * The Gateway sandbox, for tests and local development:
 * `import { startSandbox } from '@gateway/sdk/sandbox'`. Needs the optional peer dependency
 * better-sqlite3.
 * @packageDocumentation
 */
export { startSandbox, type Sandbox, type SandboxOptions } from './server';
export type { SandboxClock } from './clock';
export { DataFileVersionError } from './storage/migrations';
