import * as z from 'zod/mini';
import { INVALID_PARAMETER, type ErrorItem } from '../../core/error-item';
import { booleanField, integer, text } from '../http/request-fields';

/** FIXED: each receiver's amount in cents; PERCENTAGE: each receiver's percent of the charge. */
export const SPLIT_METHODS = ['FIXED', 'PERCENTAGE'] as const;
export type SplitMethod = (typeof SPLIT_METHODS)[number];

/** The most receivers one charge is split among. */
const MAX_RECEIVERS = 10;

// The provider's account ids are ACCO_ and an id of its own (its examples show ACCO_12345): any
// letters, digits and hyphens are taken, since the sandbox has no accounts to look them up in.
const accountRule = 'must be the id of a receiving account, ACCO_ and 1 to 64 letters, digits or hyphens';
const ACCOUNT_ID = /^ACCO_[A-Za-z0-9-]{1,64}$/;
const amountRule = 'must be a number: cents with method FIXED, a percentage (0.01 to 100) with PERCENTAGE';

const receiver = () =>
  z.strictObject(
    {
      account: z.strictObject(
        {
          id: z.string({ error: accountRule }).check(z.regex(ACCOUNT_ID, accountRule)),
        },
        { error: 'must be an object with id' },
      ),
      amount: z.strictObject({ value: z.number({ error: amountRule }) }, { error: 'must be an object with value' }),
      reason: z.optional(text(100, 'reason for the receiver')),
      configurations: z.optional(
        z.strictObject(
          {
            liable: z.optional(booleanField()),
            chargeback: z.optional(
              z.strictObject(
                {
                  charge_transfer: z.strictObject(
                    { percentage: integer(0, 100) },
                    { error: 'must be an object with percentage' },
                  ),
                },
                { error: 'must be an object with charge_transfer' },
              ),
            ),
            custody: z.optional(
              z.strictObject({ apply: booleanField() }, { error: 'must be an object with apply (true or false)' }),
            ),
          },
          { error: 'must be an object with liable, chargeback or custody' },
        ),
      ),
    },
    { error: 'must be a receiver object with account and amount' },
  );

const RECEIVERS_RULE = `must be a list of 1 to ${MAX_RECEIVERS} receivers`;

/** A charge's `splits` (docs/splits.md): how its amount is divided among receiving accounts. */
export const splitsSchema = () =>
  z.strictObject(
    {
      method: z.enum(SPLIT_METHODS, { error: 'must be FIXED or PERCENTAGE' }),
      receivers: z
        .array(receiver(), { error: RECEIVERS_RULE })
        .check(z.minLength(1, RECEIVERS_RULE), z.maxLength(MAX_RECEIVERS, RECEIVERS_RULE)),
    },
    { error: 'must be an object with method and receivers' },
  );

export type SplitsBody = z.infer<ReturnType<typeof splitsSchema>>;

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : undefined);

/** Hundredths of a percent, when `p` is a percentage with at most two decimals from 0.01 to 100. */
const basisPoints = (p: number): number | undefined => {
  const bp = Math.round(p * 100);
  return Math.abs(p * 100 - bp) < 1e-9 && bp >= 1 && bp <= 10_000 ? bp : undefined;
};

/**
 * The rules between a split's fields and its charge (400 items): each amount of its method's kind,
 * the amounts adding up to the charge's `amount.value` (FIXED) or to 100 % (PERCENTAGE), each
 * account once. `at` is the charge's path prefix. Reads the raw body, beside the schema's items.
 */
export function splitProblems(raw: unknown, chargeAmount: unknown, at: string): ErrorItem[] {
  const splits = obj(raw);
  const receivers = splits?.receivers;
  if (!splits || !Array.isArray(receivers)) return [];
  const out: ErrorItem[] = [];
  const bad = (path: string, rule: string) => {
    const name = `${at}splits.${path}`;
    out.push({ code: INVALID_PARAMETER, parameterName: name, description: `${name} ${rule}` });
  };
  const method = splits.method;
  let sum = 0;
  let complete = true;
  const seen = new Set<string>();
  receivers.forEach((r, i) => {
    const value = obj(obj(r)?.amount)?.value;
    const account = obj(obj(r)?.account)?.id;
    if (typeof account === 'string') {
      if (seen.has(account)) bad(`receivers[${i}].account.id`, "must differ from the other receivers' accounts");
      seen.add(account);
    }
    if (typeof value !== 'number') {
      complete = false;
      return;
    }
    if (method === 'FIXED') {
      if (!Number.isInteger(value) || value < 1) {
        bad(`receivers[${i}].amount.value`, 'must be an integer amount in cents, at least 1, with method FIXED');
        complete = false;
      } else sum += value;
    } else if (method === 'PERCENTAGE') {
      const bp = basisPoints(value);
      if (bp === undefined) {
        bad(`receivers[${i}].amount.value`, 'must be a percentage from 0.01 to 100, with at most 2 decimals');
        complete = false;
      } else sum += bp;
    }
  });
  if (!complete || out.length) return out;
  if (method === 'FIXED' && typeof chargeAmount === 'number' && sum !== chargeAmount)
    bad('receivers', `must add up to amount.value (${chargeAmount}); their amounts add up to ${sum}`);
  if (method === 'PERCENTAGE' && sum !== 10_000)
    bad('receivers', `must add up to 100 percent; their percentages add up to ${sum / 100}`);
  return out;
}

/**
 * Each receiver's share of `amount`, in cents, in proportion to its FIXED amount or its percentage:
 * rounded down, the cents left over to the largest remainders, earlier receivers first (FIXED
 * amounts of the whole charge come out as sent).
 */
export function splitShares(splits: SplitsBody, amount: number): number[] {
  // FIXED amounts add up to the charge; a partial capture divides what was captured in their proportion.
  const weights = splits.receivers.map((r) =>
    splits.method === 'FIXED' ? r.amount.value : Math.round(r.amount.value * 100),
  );
  return distribute(amount, weights);
}

/** `total` divided in proportion to `weights`, in whole cents adding up to `total` (largest remainder, ties to the earlier). */
export function distribute(total: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / whole);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left--;
  }
  return out;
}
