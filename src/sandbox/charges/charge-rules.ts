import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { timestamp } from '../clock';
import { UNPROCESSABLE } from '../http/api-error-code';
import type { Merchant } from '../merchants/merchant-store';
import { boletoMinimumProblem, cardMinimumProblem } from './card-minimums';
import type { ChargeCard } from './charge-card';
import type { BoletoBody, CardBody, ChargeBody } from './charge-request';
import { isBlockedMcc } from './high-risk-mcc';
import { normalizeSoftDescriptor } from './soft-descriptor';

/** Furthest boleto due date, in days from today: keeps the 4-digit due factor unambiguous. */
const MAX_DUE_DAYS = 3650;
const DAY_MS = 86_400_000;

const item = (code: string, path: string, description: string): ErrorItem => ({
  code,
  parameterName: path,
  description,
});

/** The boleto's due date (400): today or later, at most {@link MAX_DUE_DAYS} ahead. */
export function dueDateProblems(dueDate: string, now: number, at: string): ErrorItem[] {
  const today = timestamp(new Date(now)).slice(0, 10);
  const latest = timestamp(new Date(now + MAX_DUE_DAYS * DAY_MS)).slice(0, 10);
  const path = `${at}payment_method.boleto.due_date`;
  if (dueDate < today) return [item(INVALID_PARAMETER, path, `${path} must be today (${today}) or later`)];
  if (dueDate > latest)
    return [item(INVALID_PARAMETER, path, `${path} must be at most ${MAX_DUE_DAYS} days ahead (${latest})`)];
  return [];
}

/** The boleto's amount (422): at least the boleto minimum. */
export function boletoAmountProblems(amount: number, at: string): ErrorItem[] {
  const minimum = boletoMinimumProblem(amount);
  return minimum ? [item(UNPROCESSABLE, `${at}amount.value`, `${at}amount.value ${minimum}`)] : [];
}

/** What a statement shows when the account's name leaves nothing printable either. */
const FALLBACK_SOFT_DESCRIPTOR = 'GATEWAY';

/**
 * The soft descriptor as the statement shows it, and a 400 item when nothing printable is left of
 * it. Not sent, it is the account's name as networks print it: the provider always answers one.
 */
export function softDescriptorOf(
  given: string | undefined,
  at: string,
  accountName: string,
): { softDescriptor: string; problems: ErrorItem[] } {
  if (given === undefined)
    return { softDescriptor: normalizeSoftDescriptor(accountName) || FALLBACK_SOFT_DESCRIPTOR, problems: [] };
  const softDescriptor = normalizeSoftDescriptor(given);
  const path = `${at}payment_method.soft_descriptor`;
  return {
    softDescriptor,
    problems: softDescriptor ? [] : [item(INVALID_PARAMETER, path, `${path} must contain letters or digits`)],
  };
}

/**
 * What the account's settings and the card minimums refuse (422): clear card data without PCI
 * homologation, a sub-merchant the account may not charge for or whose MCC is blocked, an amount
 * below the card's minimum.
 */
export function cardChargeRefusals(
  merchant: Merchant,
  charge: ChargeBody,
  body: CardBody,
  card: ChargeCard,
  at: string,
): ErrorItem[] {
  const refused: ErrorItem[] = [];
  const refuse = (path: string, description: string) =>
    refused.push(item(UNPROCESSABLE, path, `${path} ${description}`));
  // The security code is card data as much as the number: beside a stored card.id it is refused too.
  if (!merchant.pciHomologated) {
    if (body.number !== undefined) {
      refuse(
        `${at}payment_method.card.number`,
        'is clear card data, which only PCI-homologated accounts may send: encrypt the card in the browser with Gateway.encryptCard and send card.encrypted',
      );
    }
    if (body.security_code !== undefined) {
      refuse(
        `${at}payment_method.card.security_code`,
        'is clear card data, which only PCI-homologated accounts may send: pay with the stored card.id alone, ' +
          'or encrypt the card (security code included) with Gateway.encryptCard',
      );
    }
  }
  const sub = charge.sub_merchant;
  if (sub && !merchant.subMerchantEnabled)
    refuse(
      `${at}sub_merchant`,
      'cannot be charged: this account is not enabled for sub-merchant (payment facilitator) charges',
    );
  else if (sub && isBlockedMcc(sub.mcc, merchant.releasedMccs)) {
    refuse(
      `${at}sub_merchant.mcc`,
      `${sub.mcc} is a high-risk merchant category, blocked unless released for the account`,
    );
  }
  const minimum = cardMinimumProblem(card.brand, charge.amount.value, charge.payment_method.installments ?? 1);
  if (minimum) refuse(`${at}amount.value`, minimum);
  return refused;
}

/** A calendar date `days` after `iso` (`YYYY-MM-DD`), as `YYYY-MM-DD`. */
export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The boleto's payment instructions against its amount and dates (400, docs/boletos.md#payment-instructions):
 * each fine, interest and discount has a value or a percentage, not both; a fine or interest starts
 * after the due date (and before the boleto stops being payable, when `days_until_expiration` says
 * when); a discount ends by the due date and not before today, discounts on distinct dates; a value
 * is less than the amount and a discount's percentage under 100.
 */
export function paymentInstructionProblems(boleto: BoletoBody, amount: number, now: number, at: string): ErrorItem[] {
  const pi = boleto.payment_instructions;
  if (!pi) return [];
  const out: ErrorItem[] = [];
  const base = `${at}payment_method.boleto.payment_instructions`;
  const bad = (path: string, rule: string) => out.push(item(INVALID_PARAMETER, path, `${path} ${rule}`));
  const amountOf = (path: string, p: { value?: number; percentage?: number }, discount: boolean) => {
    if (p.value === undefined && p.percentage === undefined)
      out.push(
        item(REQUIRED_PARAMETER, `${path}.value`, `${path}.value is required: send value (cents) or percentage`),
      );
    else if (p.value !== undefined && p.percentage !== undefined) bad(path, 'must have value or percentage, not both');
    else if (p.value !== undefined && p.value >= amount)
      bad(`${path}.value`, `must be less than amount.value (${amount})`);
    else if (discount && p.percentage !== undefined && p.percentage >= 100)
      bad(`${path}.percentage`, 'must be under 100: a discount leaves something to pay');
  };
  const lastDay =
    boleto.days_until_expiration === undefined ? undefined : addDays(boleto.due_date, boleto.days_until_expiration);
  for (const key of ['fine', 'interest'] as const) {
    const late = pi[key];
    if (!late) continue;
    const path = `${base}.${key}`;
    amountOf(path, late, false);
    if (late.date <= boleto.due_date) bad(`${path}.date`, `must be after the due date (${boleto.due_date})`);
    else if (lastDay !== undefined && late.date > lastDay)
      bad(`${path}.date`, `must be at most ${lastDay}, the last day the boleto may be paid (days_until_expiration)`);
  }
  const today = timestamp(new Date(now)).slice(0, 10);
  const seen = new Set<string>();
  (pi.discounts ?? []).forEach((d, i) => {
    const path = `${base}.discounts[${i}]`;
    amountOf(path, d, true);
    if (d.due_date > boleto.due_date) bad(`${path}.due_date`, `must be at most the due date (${boleto.due_date})`);
    else if (d.due_date < today) bad(`${path}.due_date`, `must be today (${today}) or later`);
    else if (seen.has(d.due_date)) bad(`${path}.due_date`, "must differ from the other discounts' dates");
    seen.add(d.due_date);
  });
  return out;
}
