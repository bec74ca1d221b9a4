import { describe, expect } from 'vitest';
import { checkPdf } from '../support/boleto-decoding';
import { api, boletoCharge, cardCharge, dateIn, order, subMerchant } from '../support/payments';
import { it } from '../support/sandbox-test';

// The fields the provider's reference documents in its answers, each with its type
// (docs/orders-and-charges.md, docs/boletos.md): bodies written here from the documented fields.

const chargeOf = (res: { body: any }) => res.body.charges[0];

describe('card charge answers', () => {
  it('always answer payment_method.soft_descriptor: the account name when none was sent', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    expect(res.status).toBe(201);
    const sent = chargeOf(res).payment_method.soft_descriptor;
    expect(typeof sent).toBe('string');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(17);
    const named = await api(
      sandbox,
      'POST',
      '/orders',
      order([cardCharge({ extra: { soft_descriptor: 'Minha Loja Ç' } })]),
    );
    expect(chargeOf(named).payment_method.soft_descriptor).toBe('Minha Loja C');
  });

  it('keep and answer amount.fees.buyer.interest of an installment plan with interest', async ({ sandbox }) => {
    // The plan the fees endpoint offers, charged as it says.
    const fees = await api(
      sandbox,
      'GET',
      '/charges/fees/calculate?payment_methods=CREDIT_CARD&value=13480&max_installments=4&max_installments_no_interest=1&credit_card_bin=411111',
    );
    expect(fees.status).toBe(200);
    const plan = fees.body.payment_methods.credit_card.visa.installment_plans.find(
      (p: { installments: number }) => p.installments === 4,
    );
    expect(plan.amount).toEqual({
      value: expect.any(Number),
      currency: 'BRL',
      fees: { buyer: { interest: { total: expect.any(Number), installments: 4 } } },
    });
    const charge = cardCharge({ value: plan.amount.value, installments: 4 });
    charge.amount = { ...charge.amount, fees: plan.amount.fees } as typeof charge.amount;
    const res = await api(sandbox, 'POST', '/orders', order([charge]));
    expect(res.status).toBe(201);
    expect(chargeOf(res).amount).toEqual({
      value: plan.amount.value,
      currency: 'BRL',
      fees: { buyer: { interest: { total: plan.amount.fees.buyer.interest.total, installments: 4 } } },
      summary: { total: plan.amount.value, paid: plan.amount.value, refunded: 0 },
    });
    const read = await api(sandbox, 'GET', `/charges/${chargeOf(res).id}`);
    expect(read.body.amount.fees).toEqual(chargeOf(res).amount.fees);
  });

  it('refuse buyer interest whose installments or total do not fit the charge, naming the field', async ({
    sandbox,
  }) => {
    const send = (interest: object, installments = 3) => {
      const charge = cardCharge({ value: 20_000, installments });
      charge.amount = { ...charge.amount, fees: { buyer: { interest } } } as typeof charge.amount;
      return api(sandbox, 'POST', '/orders', order([charge]));
    };
    const wrongCount = await send({ total: 500, installments: 4 });
    expect(wrongCount.status).toBe(400);
    expect(wrongCount.body.error_messages[0]).toMatchObject({
      code: '40002',
      parameter_name: 'charges[0].amount.fees.buyer.interest.installments',
    });
    const tooMuch = await send({ total: 20_000, installments: 3 });
    expect(tooMuch.body.error_messages[0].parameter_name).toBe('charges[0].amount.fees.buyer.interest.total');
  });

  it('answer metadata as sent, on the order, on POST /charges and on GET', async ({ sandbox }) => {
    const metadata = { nota_fiscal: '123', cliente_vip: true, parcela: 2 };
    const res = await api(sandbox, 'POST', '/orders', order([{ ...cardCharge(), metadata }]));
    expect(res.status).toBe(201);
    expect(chargeOf(res).metadata).toEqual(metadata);
    const alone = await api(sandbox, 'POST', '/charges', { ...cardCharge(), metadata });
    expect(alone.status).toBe(201);
    expect(alone.body.metadata).toEqual(metadata);
    expect((await api(sandbox, 'GET', `/charges/${alone.body.id}`)).body.metadata).toEqual(metadata);
    const nested = await api(sandbox, 'POST', '/charges', { ...cardCharge(), metadata: { a: { b: 1 } } });
    expect(nested.status).toBe(400);
    expect(nested.body.error_messages[0].parameter_name).toMatch(/^metadata/);
  });

  it('take and answer sub_merchant on an order charge (credit card only)', async ({ sandbox }) => {
    await api(sandbox, 'POST', '/sandbox/merchant/settings', { sub_merchant_enabled: true });
    const res = await api(sandbox, 'POST', '/orders', order([{ ...cardCharge(), sub_merchant: subMerchant() }]));
    expect(res.status).toBe(201);
    expect(chargeOf(res).sub_merchant).toMatchObject({
      name: 'Mercado do Bairro',
      mcc: '5411',
      tax_id: '11222333000181',
    });
    const boleto = await api(sandbox, 'POST', '/orders', order([{ ...boletoCharge(), sub_merchant: subMerchant() }]));
    expect(boleto.status).toBe(400);
    expect(boleto.body.error_messages[0].parameter_name).toBe('charges[0].payment_method.type');
  });
});

describe('boleto answers', () => {
  const instructions = () => ({
    fine: { date: dateIn(4), value: 200 },
    interest: { date: dateIn(4), percentage: 1 },
    discounts: [
      { due_date: dateIn(1), value: 1_000 },
      { due_date: dateIn(2), percentage: 2.5 },
    ],
  });

  it('keep template, days_until_expiration and payment_instructions, answer them and print them on the PDF', async ({
    sandbox,
  }) => {
    const charge = boletoCharge(15_000, {
      template: 'PROPOSTA',
      days_until_expiration: 30,
      payment_instructions: instructions(),
    });
    const res = await api(sandbox, 'POST', '/orders', order([charge]));
    expect(res.status).toBe(201);
    const boleto = chargeOf(res).payment_method.boleto;
    expect(boleto).toMatchObject({
      template: 'PROPOSTA',
      days_until_expiration: 30,
      payment_instructions: instructions(),
    });
    const pdf = await fetch(chargeOf(res).links[0].href);
    const { text } = checkPdf(Buffer.from(await pdf.arrayBuffer()));
    const br = (iso: string) => iso.split('-').reverse().join('/');
    expect(text).toContain('Proposta \\(o pagamento n\xe3o \xe9 obrigat\xf3rio\\)');
    expect(text).toContain(`At\xe9 ${br(dateIn(1))}, conceder desconto de R$ 10,00.`);
    expect(text).toContain(`At\xe9 ${br(dateIn(2))}, conceder desconto de 2,50%.`);
    expect(text).toContain(`A partir de ${br(dateIn(4))}, cobrar multa de R$ 2,00.`);
    expect(text).toContain(`A partir de ${br(dateIn(4))}, cobrar juros de 1,00% ao m\xeas.`);
    expect(text).toContain(`N\xe3o receber ap\xf3s ${br(dateIn(33))}.`);
  });

  it('answer template COBRANCA when none was sent', async ({ sandbox }) => {
    const res = await api(sandbox, 'POST', '/orders', order([boletoCharge()]));
    expect(chargeOf(res).payment_method.boleto.template).toBe('COBRANCA');
    expect(chargeOf(res).payment_method.boleto.payment_instructions).toBeUndefined();
  });

  it('name each payment instruction that does not fit the boleto', async ({ sandbox }) => {
    const send = (payment_instructions: object, extra: object = {}) =>
      api(sandbox, 'POST', '/orders', order([boletoCharge(15_000, { payment_instructions, ...extra })]));
    const at = 'charges[0].payment_method.boleto.payment_instructions';
    const both = await send({ fine: { date: dateIn(4), value: 100, percentage: 2 } });
    expect(both.status).toBe(400);
    expect(both.body.error_messages[0]).toMatchObject({ code: '40002', parameter_name: `${at}.fine` });
    const none = await send({ interest: { date: dateIn(4) } });
    expect(none.body.error_messages[0]).toMatchObject({ code: '40001', parameter_name: `${at}.interest.value` });
    const early = await send({ fine: { date: dateIn(3), value: 100 } });
    expect(early.body.error_messages[0].parameter_name).toBe(`${at}.fine.date`);
    const late = await send({ discounts: [{ due_date: dateIn(5), value: 100 }] });
    expect(late.body.error_messages[0].parameter_name).toBe(`${at}.discounts[0].due_date`);
    const bigger = await send({ discounts: [{ due_date: dateIn(1), value: 15_000 }] });
    expect(bigger.body.error_messages[0].parameter_name).toBe(`${at}.discounts[0].value`);
    const afterLastDay = await send({ fine: { date: dateIn(10), value: 100 } }, { days_until_expiration: 2 });
    expect(afterLastDay.body.error_messages[0].description).toContain('days_until_expiration');
    const template = await send({}, { template: 'CARNE' });
    expect(template.body.error_messages.map((e: { parameter_name: string }) => e.parameter_name)).toContain(
      'charges[0].payment_method.boleto.template',
    );
  });
});
