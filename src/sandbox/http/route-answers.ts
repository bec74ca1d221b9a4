import * as z from 'zod/mini';
import type { ApiError } from './api-error';
import { described } from './described';
import type { Answer, RouteParams } from './route';
import { resourceId, type IdPrefix } from '../values/resource-id';

/** A JSON answer whose body is `schema`, the component `name`. */
export const json = (
  name: string,
  schema: z.ZodMiniType,
  description: string,
  extra: Partial<Answer> = {},
): Answer => ({
  description,
  contentType: 'application/json',
  schema: { name, schema },
  ...extra,
});

/** An HTML page. */
export const html = (description: string, extra: Partial<Answer> = {}): Answer => ({
  description,
  contentType: 'text/html',
  ...extra,
});

/** The path parameter `id`, a `<prefix><uuid>` id; a malformed one is answered `refused` (the route's 404 for an unknown id). */
export const idParams = (prefix: IdPrefix, what: string, refused: () => ApiError): RouteParams<IdParams> => ({
  schema: z.strictObject({ id: described(resourceId(prefix), `The ${what}'s id (${prefix}<uuid>).`) }),
  refused,
});
/** The path parameters of a route under `/{id}`. */
export interface IdParams {
  id: string;
}

/** The header of an idempotent answer. */
export const REPLAYED_HEADER = {
  'x-idempotent-replayed': {
    description: 'true when the answer is the stored first answer to the same x-idempotency-key.',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
};
/** A payer's file: never cached. */
export const NO_STORE_HEADER = {
  'cache-control': {
    description: "Never cached: the file is the payer's.",
    required: true,
    schema: { type: 'string' },
  },
};
/** The 3DS Method pages' CSP. */
export const METHOD_CSP_HEADER = {
  'content-security-policy': {
    description:
      "Own scripts, and the pages' inline stylesheet by its hash; framed by any page unless the sandbox names " +
      "the checkout origins (--cors-origin); form-action the notification URL's origin, or none.",
    required: true,
    schema: { type: 'string' },
  },
};
/** The challenge pages' CSP. */
export const PAGE_CSP_HEADER = {
  'content-security-policy': {
    description:
      "Only the page's own inline script and stylesheet, allowed by their hashes; framed only by the checkout page's origin (`parent`).",
    required: true,
    schema: { type: 'string' },
  },
};

/** What any route with a JSON body may answer besides its own errors. */
export const JSON_BODY_ERRORS = [400, 401, 413, 415];
