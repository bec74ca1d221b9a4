// The status area under the form: progress, errors in the shopper's words, and the result of
// the order (paid, declined, or the boleto to pay).
import type { OrderResult } from './merchant-api';

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export const paragraph = (text: string, className = ''): HTMLParagraphElement => Object.assign(document.createElement('p'), { textContent: text, className });

const trace = (id: string) => paragraph(`Código de atendimento: ${id}`, 'trace');

/** Replaces the status area's content. */
export function show(kind: '' | 'success' | 'error', nodes: Node[]): HTMLDivElement {
  const box = document.createElement('div');
  box.className = `result ${kind}`;
  box.append(...nodes);
  byId('status').replaceChildren(box);
  return box;
}

/** The purchase is done: the form goes away and the result takes its place. */
function done(form: HTMLFormElement, nodes: Node[], orderId: string): void {
  form.hidden = true;
  show('success', nodes).dataset.orderId = orderId;
  byId('status').focus();
}

/** An error, with the trace id the shopper can quote to support. */
export const showError = (message: string, traceId?: string, extra: Node[] = []): void => void show('error', [paragraph(message), ...extra, ...(traceId ? [trace(traceId)] : [])]);

/**
 * Marks the named form fields invalid, focuses the first, and returns "Confira: CPF, CEP." in
 * the form's own labels ('' when none of the names is a field).
 */
export function markFields(form: HTMLFormElement, names: ReadonlyArray<string | undefined>): string {
  const fields = [...new Set(names)].flatMap((name) => {
    const field = name ? form.elements.namedItem(name) : null;
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? [field] : [];
  });
  for (const field of fields) field.setAttribute('aria-invalid', 'true');
  fields[0]?.focus();
  const labels = fields.map((f) => f.closest('label')?.firstChild?.textContent?.trim() ?? f.name);
  return labels.length ? `Confira: ${labels.join(', ')}.` : '';
}

export function clearMarks(form: HTMLFormElement): void {
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/** Shows the order's outcome. `savedCard`: offer the one-click page once the card was saved. */
export function showOrder(form: HTMLFormElement, result: OrderResult, savedCard = false): void {
  if (!result.ok) {
    const fix = markFields(form, result.fields);
    return showError('Não foi possível criar o pedido. Nada foi cobrado.', result.traceId, [paragraph(fix || 'Tente de novo em instantes.')]);
  }
  if (result.boleto) {
    const link = Object.assign(document.createElement('a'), { href: result.boleto.pdf, textContent: 'Abrir o boleto (PDF)', target: '_blank', rel: 'noopener', className: 'boleto-pdf' });
    const due = new Date(`${result.boleto.dueDate}T12:00:00Z`).toLocaleDateString('pt-BR', { timeZone: 'UTC' });
    return done(form, [paragraph('Pedido criado! Pague o boleto até o vencimento.'), paragraph(`Vencimento: ${due}. Linha digitável:`), paragraph(result.boleto.formattedBarcode, 'digits'), link, paragraph(`Pedido ${result.reference}`, 'trace')], result.orderId);
  }
  if (result.chargeStatus === 'PAID' || result.chargeStatus === 'AUTHORIZED') {
    const again = savedCard ? [Object.assign(document.createElement('a'), { href: '/esm/saved-card.html', textContent: 'Comprar de novo com o cartão salvo' })] : [];
    return done(form, [paragraph('Pagamento aprovado! Obrigado pela compra.'), ...again, paragraph(`Pedido ${result.reference}`, 'trace')], result.orderId);
  }
  showError('Pagamento recusado pelo banco. Nada foi cobrado. Tente outro cartão ou pague com boleto.', result.traceId);
}
