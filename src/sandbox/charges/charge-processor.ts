import { randomUUID } from 'node:crypto';
import type { ErrorItem } from '../../core/error-item';
import { UNPROCESSABLE } from '../http/api-error-code';
import type { Clock } from '../clock';
import { ApiError } from '../http/api-error';
import type { CardResolver } from '../cards/card-resolver';
import type { CardVault } from '../cards/card-vault';
import type { Merchant } from '../merchants/merchant-store';
import type { AuthenticationStore } from '../three-ds/authentication-store';
import { boletoBarcode, freeFieldOf } from '../boleto/boleto-line';
import { cardChargeAnswer } from './card-charge-answer';
import { readChargeCard } from './charge-card';
import type { BoletoBody, CardBody, ChargeBody } from './charge-request';
import {
  boletoAmountProblems,
  cardChargeRefusals,
  dueDateProblems,
  paymentInstructionProblems,
  softDescriptorOf,
} from './charge-rules';
import type { ChargeRecord, ChargeStore } from './charge-store';
import { newChargeRecord, type ChargeDecision } from './new-charge-record';
import { APPROVED, sandboxDecline } from './sandbox-declines';
import { authenticationProblems, externalAuthentication } from './three-ds-check';
import { ID_PREFIXES, newId } from '../values/resource-id';

/** One charge to create, as validated by the request schema. */
export interface NewCharge {
  merchant: Merchant;
  body: ChargeBody;
  /** The charge's path prefix in the request, for error items: `charges[0].` or empty. */
  at: string;
  orderId: string | null;
}

/**
 * Decides and stores charges: the rules that need the clock, the account or other records
 * (card expiry, encrypted cards, PCI, sub-merchant settings, minimums, 3DS), then the sandbox
 * issuer's answer. Call {@link create} inside a transaction: it writes the charge and marks
 * the 3DS authentication used, and a later failure in the same request must undo both.
 */
export class ChargeProcessor {
  constructor(
    private readonly charges: ChargeStore,
    private readonly authentications: AuthenticationStore,
    private readonly cards: CardResolver,
    private readonly vault: CardVault,
    private readonly clock: Clock,
  ) {}

  /** Creates the charge, or throws an ApiError: 400 for a bad field, 422 for a refused payment. */
  create(input: NewCharge): ChargeRecord {
    const now = this.clock.now().getTime();
    const pm = input.body.payment_method;
    const id = newId(ID_PREFIXES.charge);
    const decided = pm.type === 'BOLETO' ? this.boleto(input, pm.boleto!, now) : this.card(input, id, pm.card!, now);
    const record = newChargeRecord(
      {
        id,
        merchantId: input.merchant.id,
        orderId: input.orderId,
        referenceId: input.body.reference_id ?? null,
        description: input.body.description ?? null,
        amount: input.body.amount.value,
        subMerchant: input.body.sub_merchant ?? null,
        notificationUrls: input.body.notification_urls ?? [],
        metadata: input.body.metadata ?? null,
        buyerInterest: input.body.amount.fees?.buyer.interest ?? null,
        splits: input.body.splits
          ? { ...input.body.splits, id: newId(ID_PREFIXES.split), custodyReleasedAt: null }
          : null,
      },
      decided,
      now,
    );
    this.charges.insert(record);
    return record;
  }

  private boleto(input: NewCharge, boleto: BoletoBody, now: number): ChargeDecision {
    const dueDate = boleto.due_date;
    const invalid = [
      ...dueDateProblems(dueDate, now, input.at),
      ...paymentInstructionProblems(boleto, input.body.amount.value, now, input.at),
    ];
    if (invalid.length) throw new ApiError(400, invalid);
    const refused = boletoAmountProblems(input.body.amount.value, input.at);
    if (refused.length) throw new ApiError(422, refused);

    const boletoId = randomUUID();
    const { barcode, formatted } = boletoBarcode({
      dueDate,
      amount: input.body.amount.value,
      freeField: freeFieldOf(boletoId),
    });
    return {
      status: 'WAITING',
      paid: 0,
      paymentResponse: { ...APPROVED },
      paymentMethod: {
        type: 'BOLETO',
        boleto: {
          id: boletoId,
          barcode,
          formatted_barcode: formatted,
          template: boleto.template ?? 'COBRANCA',
          due_date: dueDate,
          ...(boleto.days_until_expiration !== undefined && { days_until_expiration: boleto.days_until_expiration }),
          ...(boleto.payment_instructions && { payment_instructions: boleto.payment_instructions }),
          instruction_lines: boleto.instruction_lines,
          holder: boleto.holder,
        },
      },
      authenticationId: null,
      boletoId,
      captureBefore: null,
      paidAt: null,
    };
  }

  /** A card charge: the card read, the rules checked (400 first, then 422), the 3DS authentication used, then the issuer's answer. */
  private card(input: NewCharge, chargeId: string, sent: CardBody, now: number): ChargeDecision {
    const { merchant, at } = input;
    const pm = input.body.payment_method;
    // The holder: payment_method.holder's fields first, then card.holder's, then what an encrypted
    // or stored card carries (docs/orders-and-charges.md#the-card-holder).
    const body: CardBody = pm.holder
      ? {
          ...sent,
          holder: { name: pm.holder.name ?? sent.holder?.name, tax_id: pm.holder.tax_id ?? sent.holder?.tax_id },
        }
      : sent;
    const invalid: ErrorItem[] = [];
    const card = readChargeCard(this.cards, body, `${at}payment_method.card.`, merchant.id, now, (item) =>
      invalid.push(item),
    );
    const { softDescriptor, problems } = softDescriptorOf(pm.soft_descriptor, at, merchant.name);
    invalid.push(...problems);
    if (invalid.length || !card) throw new ApiError(400, invalid);

    const refused = cardChargeRefusals(merchant, input.body, body, card, at);
    const method = pm.authentication_method;
    // The sandbox's own 3DS authentication, named by id; an external or in-app result has none.
    const authId = method?.id;
    const auth = authId === undefined ? undefined : this.authentications.get(authId, merchant.id);
    if (authId !== undefined) {
      const payment = {
        amount: input.body.amount.value,
        type: pm.type as 'CREDIT_CARD' | 'DEBIT_CARD',
        installments: pm.installments ?? 1,
        firstDigits: card.firstDigits,
        lastDigits: card.lastDigits,
      };
      refused.push(...authenticationProblems(auth, payment, now, at, card.path('number')));
    }
    if (refused.length) throw new ApiError(422, refused);
    if (authId !== undefined && !this.authentications.markUsed(authId, merchant.id, chargeId)) {
      // Another request used it between the check above and now.
      const path = `${at}payment_method.authentication_method.id`;
      throw ApiError.of(422, UNPROCESSABLE, path, `${path} was already used by another payment: authenticate again`);
    }
    const external = method && authId === undefined ? externalAuthentication(method) : undefined;

    const decline = sandboxDecline({
      card,
      amount: input.body.amount.value,
      debit: pm.type === 'DEBIT_CARD',
      authentication: method ? (external?.status ?? auth?.authenticationStatus ?? null) : null,
    });
    // A card is stored only when the charge went through: a declined card is not worth keeping.
    const storedId =
      card.storedId ??
      (body.store && !decline && card.number && card.holderName !== null
        ? this.vault.store(merchant.id, {
            number: card.number,
            expMonth: card.expMonth,
            expYear: card.expYear,
            holderName: card.holderName,
          }).id
        : undefined);
    return cardChargeAnswer({
      charge: input.body,
      body,
      card,
      softDescriptor,
      decline,
      storedId,
      authentication: authId === undefined ? undefined : { id: authId, record: auth },
      external,
      now,
    });
  }
}
