/**
 * The Gateway sandbox, for tests and local development:
 * `import { startSandbox } from '@gateway/sdk/sandbox'`. Needs the optional peer dependency
 * better-sqlite3.
 * @packageDocumentation
 */
export { startSandbox, type Sandbox } from './server';
export type { SandboxOptions } from './sandbox-options';
export type { SandboxClock } from './clock';
// The errors startSandbox rejects with, so callers can tell them apart with instanceof.
export { DataFileOverLimitError, DataFileVersionError, SandboxDependencyError } from './storage/start-errors';
