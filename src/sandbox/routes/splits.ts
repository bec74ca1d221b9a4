import { CONFLICT, NOT_FOUND } from '../http/api-error-code';
import { ApiError } from '../http/api-error';
import { splitResponse } from '../openapi/response-schemas';
import { splitResource } from '../splits/split-resource';
import { defineRoute, type Route } from '../http/route';
import { idParams, json, type IdParams } from '../http/route-answers';
import { ID_PREFIXES } from '../values/resource-id';
import { answerJson } from '../http/json-answer';

const notFound = () => ApiError.of(404, NOT_FOUND, 'split_id', 'No such split for this account.');

/**
 * GET /splits/{id}: a charge's split, each receiver's share and custody; POST
 * /splits/{id}/custody/release: the shares held in custody released (docs/splits.md). Merchant token.
 */
export const SPLIT_ROUTES: Route[] = [
  defineRoute<undefined, undefined, IdParams>({
    operationId: 'getSplit',
    method: 'get',
    path: '/splits/{id}',
    origin: 'api',
    tag: 'Charges',
    summary: "A charge's split: each receiver's share of the payment and of its refunds, and its custody",
    security: 'bearer',
    params: idParams(ID_PREFIXES.split, 'split', notFound),
    responses: { '200': json('Split', splitResponse, 'The split.') },
    errors: [401, 404],
    handle:
      (deps) =>
      (c, { params }) => {
        const charge = deps.charges.getBySplitId(params.id, c.get('merchant').id);
        if (!charge?.splits) throw notFound();
        return answerJson(c, splitResource(charge, charge.splits));
      },
  }),
  defineRoute<undefined, undefined, IdParams>({
    operationId: 'releaseSplitCustody',
    method: 'post',
    path: '/splits/{id}/custody/release',
    origin: 'api',
    tag: 'Charges',
    summary: 'Release the shares a split holds in custody, once its charge is paid',
    security: 'bearer',
    params: idParams(ID_PREFIXES.split, 'split', notFound),
    responses: { '200': json('Split', splitResponse, 'The split, its custody released.') },
    errors: [401, 404, 409],
    handle:
      (deps) =>
      (c, { params }) => {
        const merchantId = c.get('merchant').id;
        return answerJson(
          c,
          deps.transaction(() => {
            const charge = deps.charges.getBySplitId(params.id, merchantId);
            const splits = charge?.splits;
            if (!charge || !splits) throw notFound();
            const conflict = (why: string) => ApiError.of(409, CONFLICT, '', why);
            if (!splits.receivers.some((r) => r.configurations?.custody?.apply))
              throw conflict('No receiver of this split has custody applied: there is nothing to release.');
            if (splits.custodyReleasedAt !== null)
              throw conflict(`The custody of this split was already released (${splits.id}).`);
            if (charge.status !== 'PAID' || charge.refunded >= charge.paid)
              throw conflict(`The split's charge is ${charge.status}: custody is released once the charge is paid.`);
            const released = { ...splits, custodyReleasedAt: deps.clock.now().getTime() };
            deps.charges.saveSplits(merchantId, released);
            return splitResource(charge, released);
          }),
        );
      },
  }),
];
