import { randomInt, randomUUID } from 'node:crypto';
import { UNPROCESSABLE } from '../http/api-error-code';
import type { CardBrand } from '../../core/card-brand';
import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';
import { INVALID_PARAMETER, type ErrorItem } from '../../core/error-item';
import { timestamp, type Clock } from '../clock';
import { ApiError } from '../http/api-error';
import type { CardVault } from '../cards/card-vault';
import type { Merchant } from '../merchants/merchant-store';
import { resultFields } from '../three-ds/authentication-resource';
import type { AuthenticationRecord, AuthenticationStore } from '../three-ds/authentication-store';
import { boletoBarcode, freeFieldOf } from '../boleto/boleto-line';
import { boletoMinimumProblem, cardMinimumProblem } from './card-minimums';
import type { BoletoBody, CardBody, ChargeBody } from './charge-request';
import type { CardView, ChargeRecord, ChargeStore, PaymentMethodView } from './charge-store';
import { isBlockedMcc } from './high-risk-mcc';
import { APPROVED, sandboxDecline, type PaymentResponse } from './sandbox-declines';
import { normalizeSoftDescriptor } from './soft-descriptor';
import { authenticationProblems } from './three-ds-check';
import { hasExpired } from '../../core/card-expiry';
import { cardDigits } from '../cards/card-digits';
import type { CardResolver } from '../cards/card-resolver';

/**
 * A charge's `authentication_method`: the authentication, its outcome, and what the charge keeps of
 * its EMV result (the ECI and who is liable for fraud). Named field by field: see create().
 */
const threeDsMethod = (id: string, status: AuthenticationOutcomeValue, auth: AuthenticationRecord) => {
  const { eci, liability_shift } = resultFields(auth);
  return { type: 'THREEDS' as const, id, status, eci, liability_shift };
};

/** How long an authorized, uncaptured card charge may be captured: 7 days, as card networks allow. */
const CAPTURE_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** Furthest boleto due date, in days from today: keeps the 4-digit due factor unambiguous. */
const MAX_DUE_DAYS = 3650;
const DAY_MS = 86_400_000;

/**
 * The card of a charge as read from the request. A clear or decrypted card has its number,
 * which lives only while the charge is decided; a stored card has none.
 */
interface ChargeCard {
  number?: string;
  brand: CardBrand;
  firstDigits: string;
  lastDigits: string;
  expMonth: number;
  expYear: number;
  securityCode?: string;
  holderName: string;
  /** `CARD_<uuid>` when the card came from the vault. */
  storedId?: string;
  /** The request field to name in a card problem: `card.number`, `card.encrypted` or `card.id`. */
  path: (field: 'number' | 'exp_year' | 'security_code') => string;
}

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
    const id = `CHAR_${randomUUID()}`;
    const decided = pm.type === 'BOLETO' ? this.boleto(input, pm.boleto!, now) : this.card(input, id, pm.card!, now);
    // One literal naming every field: spreading the decided fields into an object that already has
    // properties costs V8 about 10 µs per charge (docs/performance.md), more than the rules above.
    const record: ChargeRecord = {
      id,
      merchantId: input.merchant.id,
      orderId: input.orderId,
      referenceId: input.body.reference_id ?? null,
      description: input.body.description ?? null,
      status: decided.status,
      amount: input.body.amount.value,
      paid: decided.paid,
      refunded: 0,
      paymentResponse: decided.paymentResponse,
      paymentMethod: decided.paymentMethod,
      subMerchant: input.body.sub_merchant ?? null,
      notificationUrls: input.body.notification_urls ?? [],
      authenticationId: decided.authenticationId,
      boletoId: decided.boletoId,
      captureBefore: decided.captureBefore,
      createdAt: now,
      paidAt: decided.paidAt,
      updatedAt: now,
    };
    this.charges.insert(record);
    return record;
  }

  private boleto(input: NewCharge, boleto: BoletoBody, now: number): Omit<ChargeRecord, keyof ChargeRecordBase> {
    const at = input.at;
    const today = timestamp(new Date(now)).slice(0, 10);
    const latest = timestamp(new Date(now + MAX_DUE_DAYS * DAY_MS)).slice(0, 10);
    const dueDate = boleto.due_date;
    const path = `${at}payment_method.boleto.due_date`;
    if (dueDate < today) throw ApiError.of(400, INVALID_PARAMETER, path, `${path} must be today (${today}) or later`);
    if (dueDate > latest)
      throw ApiError.of(400, INVALID_PARAMETER, path, `${path} must be at most ${MAX_DUE_DAYS} days ahead (${latest})`);
    const minimum = boletoMinimumProblem(input.body.amount.value);
    if (minimum) throw ApiError.of(422, UNPROCESSABLE, `${at}amount.value`, `${at}amount.value ${minimum}`);

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
          due_date: dueDate,
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

  private card(
    input: NewCharge,
    chargeId: string,
    body: CardBody,
    now: number,
  ): Omit<ChargeRecord, keyof ChargeRecordBase> {
    const { merchant, at } = input;
    const pm = input.body.payment_method;
    const type = pm.type as 'CREDIT_CARD' | 'DEBIT_CARD';
    const installments = pm.installments ?? 1;
    const capture = pm.capture ?? true;
    const amount = input.body.amount.value;
    const invalid: ErrorItem[] = [];
    const card = this.readCard(body, `${at}payment_method.card.`, merchant.id, now, (item) => invalid.push(item));
    let softDescriptor: string | undefined;
    if (pm.soft_descriptor !== undefined) {
      softDescriptor = normalizeSoftDescriptor(pm.soft_descriptor);
      const path = `${at}payment_method.soft_descriptor`;
      if (!softDescriptor)
        invalid.push({
          code: INVALID_PARAMETER,
          parameterName: path,
          description: `${path} must contain letters or digits`,
        });
    }
    if (invalid.length || !card) throw new ApiError(400, invalid);

    const refused: ErrorItem[] = [];
    const refuse = (path: string, description: string) =>
      refused.push({ code: UNPROCESSABLE, parameterName: path, description: `${path} ${description}` });
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
    const sub = input.body.sub_merchant;
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
    const minimum = cardMinimumProblem(card.brand, amount, installments);
    if (minimum) refuse(`${at}amount.value`, minimum);
    const method = pm.authentication_method;
    const auth = method && this.authentications.get(method.id, merchant.id);
    if (method) {
      const payment = { amount, type, installments, firstDigits: card.firstDigits, lastDigits: card.lastDigits };
      refused.push(...authenticationProblems(auth, payment, now, at, card.path('number')));
    }
    if (refused.length) throw new ApiError(422, refused);
    if (method && !this.authentications.markUsed(method.id, merchant.id, chargeId)) {
      // Another request used it between the check above and now.
      const path = `${at}payment_method.authentication_method.id`;
      throw ApiError.of(422, UNPROCESSABLE, path, `${path} was already used by another payment: authenticate again`);
    }

    const outcome = auth?.authenticationStatus ?? null;
    const decline = sandboxDecline({
      card,
      amount,
      debit: type === 'DEBIT_CARD',
      authentication: method ? outcome : null,
    });
    const answer = decline ?? APPROVED;
    const paymentResponse: PaymentResponse = {
      code: answer.code,
      message: answer.message,
      reference: String(randomInt(0, 1e12)).padStart(12, '0'),
    };
    // A card is stored only when the charge went through: a declined card is not worth keeping.
    const storedId =
      card.storedId ??
      (body.store && !decline && card.number
        ? this.vault.store(merchant.id, {
            number: card.number,
            expMonth: card.expMonth,
            expYear: card.expYear,
            holderName: card.holderName,
          }).id
        : undefined);
    const view: CardView = {
      ...(storedId !== undefined && { id: storedId }),
      brand: card.brand,
      first_digits: card.firstDigits,
      last_digits: card.lastDigits,
      exp_month: String(card.expMonth),
      exp_year: String(card.expYear),
      holder: { name: card.holderName, ...(body.holder?.tax_id !== undefined && { tax_id: body.holder.tax_id }) },
      ...(body.store !== undefined && { store: body.store }),
    };
    const paymentMethod: PaymentMethodView = {
      type,
      installments,
      capture,
      ...(softDescriptor !== undefined && { soft_descriptor: softDescriptor }),
      card: view,
      ...(method &&
        auth &&
        outcome && {
          authentication_method: threeDsMethod(method.id, outcome, auth),
        }),
    };
    const approved = !decline;
    return {
      status: !approved ? 'DECLINED' : capture ? 'PAID' : 'AUTHORIZED',
      paid: approved && capture ? amount : 0,
      paymentResponse,
      paymentMethod,
      authenticationId: method?.id ?? null,
      boletoId: null,
      captureBefore: approved && !capture ? now + CAPTURE_WINDOW_MS : null,
      paidAt: approved && capture ? now : null,
    };
  }

  /** The card of the request: clear, decrypted from `card.encrypted`, or stored (`card.id`). Reports what is wrong with it. */
  private readCard(
    body: CardBody,
    at: string,
    merchantId: string,
    now: number,
    bad: (item: ErrorItem) => void,
  ): ChargeCard | undefined {
    const invalid = (path: string, description: string) =>
      bad({ code: INVALID_PARAMETER, parameterName: path, description: `${path} ${description}` });
    let card: ChargeCard;
    if (body.id !== undefined || body.encrypted !== undefined) {
      // The same resolver the 3DS engine uses: a stored or encrypted card reads alike in both.
      const resolved = this.cards.resolve(merchantId, { id: body.id, encrypted: body.encrypted }, at.slice(0, -1));
      if (!resolved.ok) {
        bad(resolved.error);
        return undefined;
      }
      const r = resolved.card;
      // Literals naming each field rather than a spread of the resolved card: see create().
      if (body.id !== undefined) {
        card = {
          brand: r.brand,
          firstDigits: r.firstDigits,
          lastDigits: r.lastDigits,
          number: undefined,
          expMonth: r.expMonth!,
          expYear: r.expYear!,
          securityCode: body.security_code,
          holderName: r.holderName!,
          storedId: body.id,
          path: (field) => (field === 'security_code' ? `${at}security_code` : `${at}id`),
        };
      } else {
        const path = `${at}encrypted`;
        if (r.brand === 'unknown') {
          invalid(path, 'holds a card of no network the gateway accepts');
          return undefined;
        }
        card = {
          brand: r.brand,
          firstDigits: r.firstDigits,
          lastDigits: r.lastDigits,
          number: r.number!,
          expMonth: r.expMonth!,
          expYear: r.expYear!,
          securityCode: r.securityCode!,
          holderName: r.holderName!,
          path: () => path,
        };
      }
    } else {
      const digits = cardDigits(body.number!);
      card = {
        brand: digits.brand,
        firstDigits: digits.firstDigits,
        lastDigits: digits.lastDigits,
        number: body.number!,
        expMonth: body.exp_month!,
        expYear: body.exp_year!,
        securityCode: body.security_code!,
        holderName: body.holder!.name!,
        path: (field) => `${at}${field}`,
      };
    }
    if (hasExpired(card.expMonth, card.expYear, new Date(now), true)) {
      invalid(
        card.path('exp_year'),
        card.storedId ? 'names a stored card that has expired' : 'and exp_month are in the past: the card has expired',
      );
    }
    const codeLength = card.brand === 'amex' ? 4 : 3;
    if (card.securityCode !== undefined && card.securityCode.length !== codeLength)
      invalid(card.path('security_code'), `must be ${codeLength} digits for this card`);
    return card;
  }
}

type ChargeRecordBase = Pick<
  ChargeRecord,
  | 'id'
  | 'merchantId'
  | 'orderId'
  | 'referenceId'
  | 'description'
  | 'amount'
  | 'refunded'
  | 'subMerchant'
  | 'notificationUrls'
  | 'createdAt'
  | 'updatedAt'
>;
