import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toApiErrorItem, type ApiErrorBody, type ErrorItem } from '../../core/error-item';
import { cappedErrorItems } from './capped-error-items';

/**
 * An error the API answers with its status and `{ error_messages: [...] }`. Route handlers
 * throw it; the app's error handler turns it into the response.
 */
export class ApiError extends Error {
  /** The items answered: capped in count and size (see {@link cappedErrorItems}). */
  readonly items: ErrorItem[];

  constructor(
    readonly status: ContentfulStatusCode,
    items: readonly ErrorItem[],
  ) {
    const capped = cappedErrorItems(items);
    super(capped.map((i) => i.description).join('; '));
    this.name = 'ApiError';
    this.items = capped;
  }

  /** One item: code, the parameter it concerns ('' when none), and a description. */
  static of(status: ContentfulStatusCode, code: string, parameterName: string, description: string): ApiError {
    return new ApiError(status, [{ code, parameterName, description }]);
  }

  get body(): ApiErrorBody {
    return { error_messages: this.items.map(toApiErrorItem) };
  }
}
