import * as z from 'zod/mini';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { parseWithSchema, withCrossFieldProblems, type Parsed } from '../http/parse-with-schema';
import { cardDetails, networkNumber } from '../charges/charge-request';
import { text } from '../http/request-fields';

/**
 * The body of POST /tokens/cards (docs/orders-and-charges.md#card-tokens): a card to keep, clear
 * (`number`, `exp_month`, `exp_year`, `holder.name`; PCI-homologated accounts only) or encrypted
 * with Gateway.encryptCard (`encrypted`). A security code may be sent to be checked; it is never kept.
 */
export const cardTokenSchema = () =>
  z.strictObject(
    {
      number: z.optional(networkNumber()),
      encrypted: z.optional(text(4096, 'encrypted card (Gateway.encryptCard)')),
      ...cardDetails(),
    },
    { error: 'must be a card object: number, exp_month, exp_year and holder, or encrypted' },
  );

export type CardTokenBody = z.infer<ReturnType<typeof cardTokenSchema>>;

const SCHEMA = cardTokenSchema();

/** The card's two forms: exactly one, and what a clear number needs beside it. */
function formProblems(raw: Record<string, unknown>): ErrorItem[] {
  const given = (k: string) => raw[k] !== undefined && raw[k] !== null;
  const item = (code: string, path: string, rule: string) => ({
    code,
    parameterName: path,
    description: `${path} ${rule}`,
  });
  if (given('number') && given('encrypted'))
    return [item(INVALID_PARAMETER, 'number', 'must not be sent with encrypted: send one form of the card')];
  if (!given('number') && !given('encrypted'))
    return [item(REQUIRED_PARAMETER, 'number', 'is required (or encrypted, from Gateway.encryptCard)')];
  if (given('encrypted'))
    return (['exp_month', 'exp_year'] as const)
      .filter(given)
      .map((k) => item(INVALID_PARAMETER, k, 'must not be sent with encrypted, which carries it'));
  const holder = raw.holder as { name?: unknown } | undefined;
  return [
    ...(['exp_month', 'exp_year'] as const)
      .filter((k) => !given(k))
      .map((k) => item(REQUIRED_PARAMETER, k, 'is required with number')),
    ...(holder && typeof holder === 'object' && holder.name !== undefined
      ? []
      : [item(REQUIRED_PARAMETER, 'holder.name', 'is required with number')]),
  ];
}

/** Validates a POST /tokens/cards body. */
export const validateCardToken = (raw: Record<string, unknown>): Parsed<CardTokenBody> =>
  withCrossFieldProblems(parseWithSchema(SCHEMA, raw), formProblems(raw));
