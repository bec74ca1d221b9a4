// The saved-card page's status area: progress, errors in the shopper's words, and the result
// of the order (paid or declined).
import { brandName } from './brand-name';
import { brl } from './cart-view';
import type { OrderResult } from './merchant-api';

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export const paragraph = (text: string, className = ''): HTMLParagraphElement =>
  Object.assign(document.createElement('p'), { textContent: text, className });

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
export const showError = (message: string, traceId?: string, extra: Node[] = []): void =>
  void show('error', [paragraph(message), ...extra, ...(traceId ? [trace(traceId)] : [])]);

/** A receipt: term and value pairs. */
function receipt(rows: Array<[string, string]>): HTMLDListElement {
  const dl = Object.assign(document.createElement('dl'), { className: 'receipt' });
  for (const [term, detail] of rows)
    dl.append(
      Object.assign(document.createElement('dt'), { textContent: term }),
      Object.assign(document.createElement('dd'), { textContent: detail }),
    );
  return dl;
}

const heading = (text: string) => Object.assign(document.createElement('h2'), { textContent: text });

/** The bank did not authenticate the card: nothing charged (the example's 3DS policy, docs/example-checkout.md). */
export const showNotAuthenticated = (): void =>
  void show('error', [
    heading('Seu banco não confirmou a compra'),
    paragraph(
      'A confirmação no banco não foi concluída com sucesso. Nada foi cobrado. Use outro cartão ou pague com boleto.',
    ),
  ]);

/** Shows the outcome of an order paid with the saved card. */
export function showOrder(form: HTMLFormElement, result: OrderResult): void {
  if (!result.ok) {
    if (result.notAuthenticated) showNotAuthenticated();
    else showError('Não foi possível criar o pedido. Nada foi cobrado. Tente de novo em instantes.', result.traceId);
    return;
  }
  if (result.chargeStatus === 'PAID' || result.chargeStatus === 'AUTHORIZED') {
    const card = result.card
      ? `Cartão ${brandName(result.card.brand)} final ${result.card.lastDigits}`
      : 'Cartão salvo';
    done(
      form,
      [
        heading('Pagamento aprovado'),
        paragraph('Obrigado pela compra! Seu pedido já está sendo preparado.'),
        receipt([
          ['Pedido', result.reference],
          ['Valor', brl(result.amount)],
          ['Pagamento', card],
        ]),
      ],
      result.orderId,
    );
    return;
  }
  showError('Pagamento recusado pelo banco. Nada foi cobrado. Use outro cartão ou pague com boleto.', result.traceId);
}
