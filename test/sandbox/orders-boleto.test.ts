import { describe, expect } from 'vitest';
import { boletoBarcode, dueDateFactor } from '../../src/sandbox/boleto/boleto-line';
import { api, boletoCharge, cardCharge, dateIn, errorOf, order } from './support/payments';
import { checkPdf, decodeItfRow, mod10, mod11, readGrayPng } from './support/boleto-decoding';
import type { Sandbox } from '../../src/sandbox/index';
import { it } from './support/sandbox-test';

// These tests pin the refusals of strict mode (40003 for a field the request does not know, as
// before the sandbox followed the provider): test/sandbox/conformance covers the default.
it.override('sandboxOptions', { strict: true });

const boletoOrder = async (sandbox: Sandbox, value: number | string = 15_000, boleto: Record<string, unknown> = {}) =>
  api(sandbox, 'POST', '/orders', order([boletoCharge(value, boleto)]));

/** Checks a digit line against its barcode, FEBRABAN's rules computed here independently. */
function expectValidLine(barcode: string, formatted: string) {
  expect(barcode).toMatch(/^\d{44}$/);
  expect(formatted).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  const line = formatted.replace(/\D/g, '');
  expect(line).toHaveLength(47);
  const [f1, f2, f3] = [line.slice(0, 10), line.slice(10, 21), line.slice(21, 32)];
  for (const field of [f1, f2, f3]) expect(mod10(field.slice(0, -1)), field).toBe(Number(field.at(-1)));
  expect(mod11(barcode.slice(0, 4) + barcode.slice(5))).toBe(Number(barcode[4]));
  // The line rearranges the barcode: bank+currency, free field, general digit, factor+value.
  expect(line.slice(0, 4)).toBe(barcode.slice(0, 4));
  expect(f1.slice(4, 9) + f2.slice(0, 10) + f3.slice(0, 10)).toBe(barcode.slice(19));
  expect(line[32]).toBe(barcode[4]);
  expect(line.slice(33)).toBe(barcode.slice(5, 19));
}

describe('boleto line (FEBRABAN)', () => {
  it('reproduces a published boleto: barcode and digit line', () => {
    // Banco do Brasil example: factor 3737, R$ 1,00.
    const dueDate = new Date(Date.UTC(1997, 9, 7) + 3737 * 86_400_000).toISOString().slice(0, 10);
    const { barcode, formatted } = boletoBarcode({
      bankCode: '001',
      dueDate,
      amount: 100,
      freeField: '0500940144816060680935031',
    });
    expect(barcode).toBe('00193373700000001000500940144816060680935031');
    expect(formatted).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
  });

  it('due factor restarts at 1000 on 2025-02-22', () => {
    expect(dueDateFactor('2025-02-21')).toBe('9999');
    expect(dueDateFactor('2025-02-22')).toBe('1000');
    expect(dueDateFactor('2026-01-01')).toBe(String(1000 + 313));
  });
});

describe('POST /orders with a boleto charge', () => {
  it('is WAITING with a uuid id, a barcode and a correct digit line', async ({ sandbox }) => {
    const due = dateIn(5);
    const res = await boletoOrder(sandbox, 15_000, { due_date: due });
    expect(res.status).toBe(201);
    const charge = res.body.charges[0];
    expect(charge).toMatchObject({
      status: 'WAITING',
      amount: { value: 15_000, currency: 'BRL', summary: { total: 15_000, paid: 0, refunded: 0 } },
      payment_response: { code: '20000', message: 'SUCESSO' },
      payment_method: {
        type: 'BOLETO',
        boleto: {
          due_date: due,
          instruction_lines: { line_2: 'Via Gateway' },
          holder: { name: 'José da Silva', tax_id: '12345678909' },
        },
      },
    });
    const b = charge.payment_method.boleto;
    expect(b.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expectValidLine(b.barcode, b.formatted_barcode);
    const days = Math.round((Date.parse(`${due}T00:00:00Z`) - Date.UTC(2025, 1, 22)) / 86_400_000);
    expect(b.barcode.slice(5, 9)).toBe(String(1000 + days));
    expect(b.barcode.slice(9, 19)).toBe('0000015000');
    expect(charge.paid_at).toBeUndefined();
  });

  it('links SELF to a PDF, a PNG and the charge JSON, each answering with its format', async ({ sandbox }) => {
    const res = await boletoOrder(sandbox, '2990');
    const charge = res.body.charges[0];
    const b = charge.payment_method.boleto;
    expect(charge.links.map((l: { rel: string; media: string }) => `${l.rel} ${l.media}`)).toEqual([
      'SELF application/pdf',
      'SELF image/png',
      'SELF application/json',
    ]);

    const [pdfLink, pngLink, jsonLink] = charge.links as Array<{ href: string }>;
    const pdf = await fetch(pdfLink!.href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = checkPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(b.formatted_barcode);
    expect(text).toContain('R$ 29,90');
    expect(text).toContain('Jos\u00e9 da Silva');
    // A Portuguese document for the payer: no English, CPF and CEP as printed on paper, and a
    // nosso número of digits (the boleto's internal id stays out of it).
    expect(text).toContain('Documento de teste: n\u00e3o pode ser pago');
    expect(text).not.toMatch(/Sandbox document|Sandbox merchant|cannot be paid/);
    expect(text).toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
    expect(text).toMatch(/CEP \d{5}-\d{3}/);
    expect(text).toMatch(/Nosso n\u00famero[\s\S]*?\(\d{11}\)/);
    expect(text).not.toContain(b.id);

    const png = await fetch(pngLink!.href);
    expect(png.headers.get('content-type')).toBe('image/png');
    const image = readGrayPng(Buffer.from(await png.arrayBuffer()));
    expect(image.height).toBeGreaterThan(40);
    expect(decodeItfRow(image.rows[image.height >> 1]!)).toBe(b.barcode);

    const json = await api(sandbox, 'GET', jsonLink!.href.slice(sandbox.apiUrl.length));
    expect(json.status).toBe(200);
    expect(json.body).toEqual(charge);
  });

  it('unknown boleto files are 404', async ({ sandbox }) => {
    expect((await fetch(`${sandbox.apiUrl}/boletos/00000000-0000-4000-8000-000000000000.pdf`)).status).toBe(404);
    expect((await fetch(`${sandbox.apiUrl}/boletos/nothing.exe`)).status).toBe(404);
  });

  it('due_date, instruction_lines and holder with address are mandatory', async ({ sandbox }) => {
    const body = order([boletoCharge()]);
    const boleto = (body.charges![0] as { payment_method: { boleto: Record<string, unknown> } }).payment_method.boleto;
    delete boleto.due_date;
    delete boleto.instruction_lines;
    delete (boleto.holder as Record<string, unknown>).address;
    const res = await api(sandbox, 'POST', '/orders', body);
    expect(res.status).toBe(400);
    for (const p of ['due_date', 'instruction_lines', 'holder.address'])
      expect(errorOf(res, `charges[0].payment_method.boleto.${p}`)?.code, p).toBe('40001');

    const noBoleto = await api(
      sandbox,
      'POST',
      '/orders',
      order([{ amount: { value: 1000, currency: 'BRL' }, payment_method: { type: 'BOLETO' } }]),
    );
    expect(errorOf(noBoleto, 'charges[0].payment_method.boleto')?.code).toBe('40001');
  });

  it('every holder field is checked', async ({ sandbox }) => {
    const res = await boletoOrder(sandbox, 1000, {
      instruction_lines: { line_1: 'x' },
      holder: {
        name: 'José',
        tax_id: '111',
        email: 'no',
        address: {
          country: 'Brasil',
          region: 'SP',
          region_code: 'São Paulo',
          city: 'SP',
          postal_code: '123',
          street: 'R',
          number: '1',
        },
      },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res, 'charges[0].payment_method.boleto.instruction_lines.line_2')?.code).toBe('40001');
    for (const p of ['tax_id', 'email', 'address.region_code', 'address.postal_code'])
      expect(errorOf(res, `charges[0].payment_method.boleto.holder.${p}`)?.code, p).toBe('40002');
    expect(errorOf(res, 'charges[0].payment_method.boleto.holder.address.locality')?.code).toBe('40001');
  });

  it('card fields on a boleto are 40003', async ({ sandbox }) => {
    const body = order([boletoCharge()]);
    Object.assign((body.charges![0] as { payment_method: Record<string, unknown> }).payment_method, {
      installments: 1,
      card: {},
    });
    const res = await api(sandbox, 'POST', '/orders', body);
    expect(errorOf(res, 'charges[0].payment_method.installments')?.code).toBe('40003');
    expect(errorOf(res, 'charges[0].payment_method.card')?.code).toBe('40003');
  });

  it('due_date must be a real date, today or later', async ({ sandbox }) => {
    expect(
      errorOf(await boletoOrder(sandbox, 1000, { due_date: '2026-02-30' }), 'charges[0].payment_method.boleto.due_date')
        ?.code,
    ).toBe('40002');
    expect(
      errorOf(await boletoOrder(sandbox, 1000, { due_date: '25/12/2030' }), 'charges[0].payment_method.boleto.due_date')
        ?.code,
    ).toBe('40002');
    expect(
      errorOf(await boletoOrder(sandbox, 1000, { due_date: dateIn(-1) }), 'charges[0].payment_method.boleto.due_date')
        ?.description,
    ).toMatch(/today/);
    expect((await boletoOrder(sandbox, 1000, { due_date: dateIn(0) })).status).toBe(201);
  });

  it('minimum R$ 0,20', async ({ sandbox }) => {
    const low = await boletoOrder(sandbox, 19);
    expect(low.status).toBe(422);
    expect(errorOf(low, 'charges[0].amount.value')?.description).toMatch(/at least 20/);
    expect((await boletoOrder(sandbox, 20)).status).toBe(201);
  });
});

describe('boleto simulator', () => {
  it('pay: WAITING becomes PAID, paid in full', async ({ sandbox }) => {
    const created = await boletoOrder(sandbox, 5000);
    const id = created.body.charges[0].id;
    const paid = await api(sandbox, 'POST', `/sandbox/charges/${id}/boleto/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', amount: { summary: { total: 5000, paid: 5000, refunded: 0 } } });
    expect(paid.body.paid_at).toBeDefined();
    expect((await api(sandbox, 'GET', `/orders/${created.body.id}`)).body.charges[0].status).toBe('PAID');
    const again = await api(sandbox, 'POST', `/sandbox/charges/${id}/boleto/expire`);
    expect(again.status).toBe(409);
    expect(again.body.error_messages[0].description).toMatch(/is PAID/);
  });

  it('expire: WAITING becomes CANCELED, unpaid; the order may be paid again', async ({ sandbox }) => {
    const created = await boletoOrder(sandbox, 5000);
    const expired = await api(sandbox, 'POST', `/sandbox/charges/${created.body.charges[0].id}/boleto/expire`);
    expect(expired.body).toMatchObject({
      status: 'CANCELED',
      payment_response: { code: '10010' },
      amount: { summary: { paid: 0, refunded: 0 } },
    });
    const order = await api(sandbox, 'GET', `/orders/${created.body.id}`);
    expect(order.body.links.map((l: { rel: string }) => l.rel)).toEqual(['SELF', 'PAY']);
  });

  it('a boleto cannot be canceled or captured through the charge API', async ({ sandbox }) => {
    const created = await boletoOrder(sandbox, 5000);
    const id = created.body.charges[0].id;
    const cancel = await api(sandbox, 'POST', `/charges/${id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error_messages[0].description).toMatch(/is WAITING/);
    expect((await api(sandbox, 'POST', `/charges/${id}/capture`)).status).toBe(409);
  });

  it('card charges and unknown charges are refused', async ({ sandbox }) => {
    const card = await api(sandbox, 'POST', '/orders', order([cardCharge()]));
    expect((await api(sandbox, 'POST', `/sandbox/charges/${card.body.charges[0].id}/boleto/pay`)).status).toBe(422);
    expect((await api(sandbox, 'POST', '/sandbox/charges/CHAR_nothing/boleto/pay')).status).toBe(404);
  });
});
