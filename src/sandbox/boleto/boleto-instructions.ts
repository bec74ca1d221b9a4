import { formatBrl } from '../values/money';

/** An amount a boleto adds or takes off: cents, or a percentage of the document's value. */
interface InstructionAmount {
  value?: number;
  percentage?: number;
}

/** A boleto's payment instructions as the sheet prints them (the charge request's `payment_instructions`). */
export interface PrintedInstructions {
  fine?: InstructionAmount & { date: string };
  interest?: InstructionAmount & { date: string };
  discounts?: ReadonlyArray<InstructionAmount & { due_date: string }>;
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');
const percent = (p: number) => `${p.toFixed(2).replace('.', ',')}%`;
const amountText = (a: InstructionAmount) => (a.value !== undefined ? formatBrl(a.value) : percent(a.percentage ?? 0));

/**
 * The lines a bank prints under "Instruções" for a boleto's payment instructions and payable
 * period (docs/boletos.md#payment-instructions), in the payer's Portuguese: each discount until
 * its date, the fine and the interest from theirs (interest by value is a day's, by percentage a
 * month's), and the last day the boleto may be paid.
 */
export function paymentInstructionLines(
  instructions: PrintedInstructions | undefined,
  lastPayableDay: string | undefined,
): string[] {
  const lines: string[] = [];
  for (const d of instructions?.discounts ?? [])
    lines.push(`Até ${brDate(d.due_date)}, conceder desconto de ${amountText(d)}.`);
  const fine = instructions?.fine;
  if (fine) lines.push(`A partir de ${brDate(fine.date)}, cobrar multa de ${amountText(fine)}.`);
  const interest = instructions?.interest;
  if (interest)
    lines.push(
      `A partir de ${brDate(interest.date)}, cobrar juros de ${amountText(interest)} ${interest.value !== undefined ? 'ao dia' : 'ao mês'}.`,
    );
  if (lastPayableDay) lines.push(`Não receber após ${brDate(lastPayableDay)}.`);
  return lines;
}

/** How the sheet names its kind: a bill owed, or a proposal the payer may choose to pay. */
export const templateTitle = (template: 'COBRANCA' | 'PROPOSTA'): string =>
  template === 'PROPOSTA' ? 'Proposta (o pagamento não é obrigatório)' : 'Cobrança';
