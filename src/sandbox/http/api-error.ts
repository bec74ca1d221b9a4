import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toApiErrorItem, type ApiErrorBody, type ErrorItem } from '../../core/error-item';

/**
 * An error the API answers with its status and `{ error_messages: [...] }`. Route handlers
 * throw it; the app's error handler turns it into the response.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly items: ErrorItem[],
  ) {
    super(items.map((i) => i.description).join('; '));
    this.name = 'ApiError';
  }

  /** One item: code, the parameter it concerns ('' when none), and a description. */
  static of(status: ContentfulStatusCode, code: string, parameterName: string, description: string): ApiError {
    return new ApiError(status, [{ code, parameterName, description }]);
  }

  get body(): ApiErrorBody {
    return { error_messages: this.items.map(toApiErrorItem) };
  }
}
