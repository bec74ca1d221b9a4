import { cardTokenResponse } from '../openapi/response-schemas';
import { cardTokenSchema, validateCardToken, type CardTokenBody } from '../tokens/card-token-request';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, json } from '../http/route-answers';
import { answerJson } from '../http/json-answer';

/** POST /tokens/cards (merchant token): a card kept apart from a payment, its id a `card.id` (docs/orders-and-charges.md#card-tokens). */
export const TOKEN_ROUTES: Route[] = [
  defineRoute<CardTokenBody>({
    operationId: 'createCardToken',
    method: 'post',
    path: '/tokens/cards',
    origin: 'api',
    tag: 'Keys and sessions',
    summary: 'Tokenise a card: its id pays later as card.id, in orders, charges and 3DS',
    security: 'bearer',
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'CardTokenRequest', schema: cardTokenSchema() },
      example: {
        number: '4111111111111111',
        exp_month: '12',
        exp_year: '2030',
        security_code: '123',
        holder: { name: 'Maria Silva' },
      },
      parse: (raw) => validateCardToken(raw),
    },
    responses: { '201': json('CardToken', cardTokenResponse, 'The stored card: never its number or security code.') },
    errors: [...JSON_BODY_ERRORS, 422],
    handle:
      (deps) =>
      (c, { body }) => {
        const card = deps.cardTokens.create(c.get('merchant'), body);
        return answerJson(
          c,
          {
            id: card.id,
            brand: card.brand,
            first_digits: card.firstDigits,
            last_digits: card.lastDigits,
            exp_month: String(card.expMonth),
            exp_year: String(card.expYear),
            holder: { name: card.holderName },
            created_at: card.createdAt,
          },
          201,
        );
      },
  }),
];
