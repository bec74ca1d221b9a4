import { describe, expect, it } from 'vitest';
import { validateOrder } from '../../src/sandbox/orders/order-request';
import { boletoCharge, order } from './support/payments';

/** What a calendar date is, by a round trip through Date: the rule the schema's check must agree with. */
const viaDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const dueDateProblem = (dueDate: string) => {
  const parsed = validateOrder(order([boletoCharge(15_000, { due_date: dueDate })]), Date.now());
  return parsed.ok
    ? undefined
    : parsed.errors.find((e) => e.parameterName === 'charges[0].payment_method.boleto.due_date');
};

describe('a boleto due_date is a day of the calendar', () => {
  it('agrees with Date on every month and day number, leap years and centuries included', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (const year of [0, 1600, 1900, 2000, 2023, 2024, 2025, 2026, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const v = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(dueDateProblem(v) === undefined, v).toBe(viaDate(v));
        }
      }
    }
  });

  it('names the field for what is not a date written YYYY-MM-DD', () => {
    for (const v of ['2026-2-01', '26-02-01', '2026/02/01', '2026-02-01T00:00', ' 2026-02-01', '२०२६-०२-०१']) {
      expect(dueDateProblem(v)?.description, v).toBe(
        'charges[0].payment_method.boleto.due_date must be a date written YYYY-MM-DD',
      );
    }
  });
});
