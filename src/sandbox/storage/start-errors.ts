/**
 * The errors `startSandbox` rejects with when it cannot start, public in `@gateway/sdk/sandbox`.
 * They import nothing: the build makes this file the package's one CommonJS copy of them, which
 * the ESM sandbox imports and the CommonJS door re-exports, so `instanceof` holds however the
 * package was loaded (rollup.config.mjs).
 */

/** What an integrator runs to get the sandbox's one native dependency. */
const SQLITE_INSTALL_COMMAND = 'npm install --save-dev better-sqlite3@12';

/**
 * What `startSandbox` rejects with when better-sqlite3, the sandbox's one native dependency, cannot
 * be loaded; the message says what to install (docs/install.md). It prints as its one line: the fix
 * is an install command, and a trace through our bundle (or the loader's error, whose first line the
 * message quotes when it is not simply "not found") would only hide it.
 *
 * @example
 * ```ts
 * import { SandboxDependencyError, startSandbox } from '@gateway/sdk/sandbox';
 * try {
 *   await startSandbox();
 * } catch (error) {
 *   if (error instanceof SandboxDependencyError) console.error(error.message); // run `npm install …`
 *   else throw error;
 * }
 * ```
 */
export class SandboxDependencyError extends Error {
  constructor(cause: unknown) {
    const why =
      cause instanceof Error && !/Cannot find (module|package) 'better-sqlite3'/.test(cause.message)
        ? ` (${cause.message.split('\n')[0]})`
        : '';
    super(
      `The Gateway sandbox needs better-sqlite3, which is not installed or did not load${why}: run \`${SQLITE_INSTALL_COMMAND}\``,
    );
    this.name = 'SandboxDependencyError';
    this.stack = `${this.name}: ${this.message}`;
  }

  /** Stable code to match on (a getter, so Node prints the error as its one line). */
  get code(): 'GATEWAY_SANDBOX_NEEDS_SQLITE' {
    return 'GATEWAY_SANDBOX_NEEDS_SQLITE';
  }
}

/**
 * What `startSandbox` rejects with when its `dataFile` already holds more than `maxDataBytes`: the
 * sandbox could write nothing to it (docs/sandbox-operations.md#data-limit).
 */
export class DataFileOverLimitError extends Error {
  /** A stable code to match on. */
  readonly code: 'GATEWAY_DATA_FILE_OVER_LIMIT' = 'GATEWAY_DATA_FILE_OVER_LIMIT';
  constructor(
    /** The data file refused. */
    readonly file: string,
    /** The bytes it holds. */
    readonly held: number,
    /** The data limit it is over (`maxDataBytes`). */
    readonly limit: number,
  ) {
    super(`startSandbox: maxDataBytes is ${limit}, but the data file ${file} already holds ${held} bytes`);
    this.name = 'DataFileOverLimitError';
  }
}

/**
 * What `startSandbox` rejects with when its `dataFile` was written by a newer sandbox than this
 * one: opening it would risk its data (docs/sandbox-operations.md).
 */
export class DataFileVersionError extends Error {
  /** A stable code to match on. */
  readonly code: 'GATEWAY_DATA_FILE_VERSION' = 'GATEWAY_DATA_FILE_VERSION';
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `The data file has schema version ${found}, newer than this sandbox knows (${known}): it was written by a ` +
        'newer sandbox. Update this one, or start with another --data file.',
    );
    this.name = 'DataFileVersionError';
  }
}
