import { ApiError } from './api-error';
import { STORAGE_FULL } from './api-error-code';

/**
 * The answer to a write SQLite refused because the database reached its size (SQLITE_FULL): the
 * `maxDataBytes` limit (`--max-data`), the 1 GiB an in-memory sandbox holds, or a full disk. The
 * write's statement or transaction was rolled back, so nothing of the request was kept
 * (docs/errors.md). Undefined for any other error.
 */
export function storageFullError(error: unknown): ApiError | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'SQLITE_FULL') return undefined;
  return ApiError.of(
    507,
    STORAGE_FULL,
    '',
    "The sandbox's storage is full (its data limit, --max-data / maxDataBytes, or the disk): nothing of this request " +
      'was stored. Restart the sandbox, or give it a data file or a larger limit.',
  );
}
