import { INVALID_PARAMETER, type ErrorItem } from '../../core/error-item';
import { timestamp } from '../clock';
import { UNPROCESSABLE } from '../http/api-error-code';
import type { Merchant } from '../merchants/merchant-store';
import { boletoMinimumProblem, cardMinimumProblem } from './card-minimums';
import type { ChargeCard } from './charge-card';
import type { CardBody, ChargeBody } from './charge-request';
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

/** The soft descriptor as the statement shows it, and a 400 item when nothing printable is left of it. */
export function softDescriptorOf(
  given: string | undefined,
  at: string,
): { softDescriptor: string | undefined; problems: ErrorItem[] } {
  if (given === undefined) return { softDescriptor: undefined, problems: [] };
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
