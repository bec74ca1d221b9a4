import { describe, expect, it } from 'vitest';
import type { Merchant } from '../../src/sandbox/merchants/merchant-store';
import type { ChargeCard } from '../../src/sandbox/charges/charge-card';
import type { CardBody, ChargeBody } from '../../src/sandbox/charges/charge-request';
import {
  boletoAmountProblems,
  cardChargeRefusals,
  dueDateProblems,
  softDescriptorOf,
} from '../../src/sandbox/charges/charge-rules';

const merchant: Merchant = {
  id: 'M1',
  name: 'M1',
  pciHomologated: true,
  subMerchantEnabled: true,
  releasedMccs: [],
  installmentRateBp: 299,
  webhookSecret: 'whsec_x',
  merchantCity: 'SAO PAULO',
  pixKey: 'key',
};
const body = { number: '4000000000002503', security_code: '123' } as CardBody;
const card = { brand: 'visa', firstDigits: '400000', lastDigits: '2503' } as ChargeCard;
const charge = (over: Partial<ChargeBody> = {}) =>
  ({ amount: { value: 1000 }, payment_method: { type: 'CREDIT_CARD', installments: 1 }, ...over }) as ChargeBody;

describe('charge rules', () => {
  it('a boleto is due from today to 3650 days ahead (400), and meets the boleto minimum (422)', () => {
    const now = Date.parse('2026-01-10T12:00:00-03:00');
    expect(dueDateProblems('2026-01-10', now, '')).toEqual([]);
    expect(dueDateProblems('2026-01-09', now, 'charges[1].')).toEqual([
      {
        code: '40002',
        parameterName: 'charges[1].payment_method.boleto.due_date',
        description: 'charges[1].payment_method.boleto.due_date must be today (2026-01-10) or later',
      },
    ]);
    expect(dueDateProblems('2036-01-08', now, '')).toEqual([]);
    expect(dueDateProblems('2036-01-09', now, '')[0]?.description).toContain('at most 3650 days ahead');
    expect(boletoAmountProblems(1000, '')).toEqual([]);
    expect(boletoAmountProblems(1, '')).toMatchObject([{ code: '42201', parameterName: 'amount.value' }]);
  });

  it('a soft descriptor is normalised, and one with nothing printable is a 400 item', () => {
    // Not sent: the account's name as a statement prints it, or GATEWAY when nothing of it is printable.
    expect(softDescriptorOf(undefined, '', 'Loja Exemplo São Paulo Ltda')).toEqual({
      softDescriptor: 'Loja Exemplo Sao',
      problems: [],
    });
    expect(softDescriptorOf(undefined, '', '!!!').softDescriptor).toBe('GATEWAY');
    expect(softDescriptorOf('Loja 1', '', 'x').problems).toEqual([]);
    expect(softDescriptorOf('!!! ???', '', 'x')).toMatchObject({
      problems: [{ parameterName: 'payment_method.soft_descriptor' }],
    });
  });

  it('the account refuses clear card data without PCI, sub-merchants it is not enabled for, and small amounts', () => {
    expect(cardChargeRefusals(merchant, charge(), body, card, '')).toEqual([]);
    const refused = cardChargeRefusals(
      { ...merchant, pciHomologated: false, subMerchantEnabled: false },
      charge({ amount: { value: 1, currency: 'BRL' }, sub_merchant: { mcc: '5999' } as ChargeBody['sub_merchant'] }),
      body,
      card,
      'charges[0].',
    );
    expect(refused.map((i) => [i.code, i.parameterName])).toEqual([
      ['42201', 'charges[0].payment_method.card.number'],
      ['42201', 'charges[0].payment_method.card.security_code'],
      ['42201', 'charges[0].sub_merchant'],
      ['42201', 'charges[0].amount.value'],
    ]);
  });
});
