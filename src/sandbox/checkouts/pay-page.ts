import { html, raw } from 'hono/html';
import { formatBrl } from '../values/money';
import type { PageScript } from '../challenge/challenge-assets';
import { itemName } from './checkout-request';
import type { CheckoutRecord, CheckoutStatus } from './checkout-store';
import type { CheckoutOffer } from './checkout-payments';
import { PAY_PAGE_CSS } from './pay-page-styles';

/** What the page script reads from the page (docs/checkouts.md#the-pay-page): never a secret beyond the session. */
export interface PayPageData {
  checkoutId: string;
  total: number;
  methods: string[];
  plans: Array<{ installments: number; installment_value: number; interest_free: boolean; amount: number }>;
  /** Whether the page sends the shopper's data (else the checkout's customer pays). */
  askCustomer: boolean;
  /** The checkout's customer, who pays when the page does not ask (3-D Secure names them). */
  payer?: { name: string; email: string; phone?: { area: string; number: string } };
  /** The SDK session and the account's public key, for a checkout that takes cards. */
  session?: string;
  publicKey?: string;
  redirectUrl?: string;
}

const METHOD_NAMES: Record<string, string> = {
  CREDIT_CARD: 'Cartão de crédito',
  DEBIT_CARD: 'Cartão de débito',
  PIX: 'Pix',
  BOLETO: 'Boleto',
};

const CLOSED: Record<Exclude<CheckoutStatus, 'ACTIVE'>, { title: string; text: string }> = {
  INACTIVE: {
    title: 'Este link de pagamento está desativado',
    text: 'A loja desativou este link. Nenhum pagamento é aceito aqui: fale com a loja para receber um novo link.',
  },
  EXPIRED: {
    title: 'Este link de pagamento expirou',
    text: 'O prazo para pagar por este link terminou. Nenhum pagamento é aceito aqui: peça um novo link à loja.',
  },
};

const input = (name: string, label: string, attrs: Record<string, string>, value = '') =>
  html`<div class="field"><label for="f-${name}"><span>${label}</span><input id="f-${name}" name="${name}" value="${value}"${raw(
    Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${v}"`)
      .join(''),
  )}></label></div>`;

const PHONE_ATTRIBUTES = { type: 'tel', autocomplete: 'tel-national', inputmode: 'tel' };

/** An installment option as the shopper reads it: "3x de R$ 46,67 sem juros", "6x de R$ 25,40 com juros (total R$ 152,40)". */
const planWords = (p: CheckoutOffer['plans'][number]) =>
  `${p.installments}x de ${formatBrl(p.installment_value)} ${p.interest_free ? 'sem juros' : `com juros (total ${formatBrl(p.amount.value)})`}`;

/** The JSON the script reads, safe inside `<script type="application/json">`. */
const dataJson = (data: PayPageData) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * The hosted pay page of a checkout, in Portuguese: the cart and its total, then the form (the
 * shopper's data when the page asks for it, the checkout's methods, the billing address, the card
 * fields and installments), or a notice when the checkout takes no payment. Stable `data-pay-*`
 * hooks for tests (src/testing/selectors.ts).
 */
export function payPage(
  c: CheckoutRecord,
  status: CheckoutStatus,
  merchantName: string,
  offer: CheckoutOffer,
  data: PayPageData,
  script: PageScript | undefined,
) {
  const b = c.body;
  const subtotal = b.items.reduce((s, i) => s + i.quantity * i.unit_amount, 0);
  const shipping = b.shipping?.type === 'FIXED' ? (b.shipping.amount ?? 0) : 0;
  const customer = b.customer;
  const cards = offer.methods.some((m) => m === 'CREDIT_CARD' || m === 'DEBIT_CARD');
  const closed = status === 'ACTIVE' ? undefined : CLOSED[status];
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagamento para ${merchantName}</title>
<style>${raw(PAY_PAGE_CSS)}</style>
</head>
<body>
<main id="pay-page" data-pay-page data-checkout-id="${c.id}" data-pay-status="${status}">
<h1>Pagamento para ${merchantName}</h1>
<div class="layout">
<section class="panel cart" aria-labelledby="cart-title">
<h2 id="cart-title">Resumo do pedido</h2>
<ul>${b.items.map((i) => html`<li><span>${i.quantity}× ${itemName(i)}</span><span>${formatBrl(i.quantity * i.unit_amount)}</span></li>`)}</ul>
<dl>
<dt>Subtotal</dt><dd>${formatBrl(subtotal)}</dd>
${b.shipping ? html`<dt>Frete</dt><dd>${shipping ? formatBrl(shipping) : 'Grátis'}</dd>` : ''}
${b.additional_amount ? html`<dt>Acréscimo</dt><dd>${formatBrl(b.additional_amount)}</dd>` : ''}
${b.discount_amount ? html`<dt>Desconto</dt><dd>− ${formatBrl(b.discount_amount)}</dd>` : ''}
<dt class="total">Total</dt><dd class="total" data-pay-total="${offer.total}">${formatBrl(offer.total)}</dd>
</dl>
</section>
<div>
${
  closed
    ? html`<div class="notice error" role="alert" data-pay-closed="${status}"><h2>${closed.title}</h2><p>${closed.text}</p></div>`
    : html`<form id="pay-form" class="panel" novalidate aria-describedby="pay-progress">
<div id="error-summary" class="notice error" tabindex="-1" data-pay-problems hidden>
<h2 id="error-summary-title">Confira os campos</h2><ul id="error-summary-list"></ul></div>
${
  data.askCustomer
    ? html`<fieldset><legend>Seus dados</legend>
${input('name', 'Nome completo', { autocomplete: 'name', required: '' }, customer?.name)}
${input('email', 'E-mail', { type: 'email', autocomplete: 'email', required: '' }, customer?.email)}
<div class="row">
${input('tax_id', 'CPF ou CNPJ', { inputmode: 'numeric', required: '' }, customer?.tax_id)}
${input('phone', 'Celular com DDD', PHONE_ATTRIBUTES, customer?.phone ? `${customer.phone.area}${customer.phone.number}` : '')}
</div>
</fieldset>`
    : html`<p>Pagando como <strong>${customer?.name}</strong> (${customer?.email}).</p>
${
  // 3-D Secure needs a mobile phone the checkout's customer may lack.
  cards && !customer?.phone ? input('phone', 'Celular com DDD (para a confirmação do cartão)', PHONE_ATTRIBUTES) : ''
}`
}
<fieldset class="methods"><legend>Forma de pagamento</legend>
${offer.methods.map(
  (m, i) =>
    html`<label><input type="radio" name="method" value="${m}" data-pay-method="${m}"${i === 0 ? raw(' checked') : ''}> ${METHOD_NAMES[m]}</label>`,
)}
</fieldset>
<fieldset id="address" data-pay-section="address"><legend>Endereço de cobrança</legend>
<div class="row">
${input('postal_code', 'CEP', { inputmode: 'numeric', autocomplete: 'postal-code', required: '' })}
${input('region_code', 'UF', { autocomplete: 'address-level1', maxlength: '2', required: '' })}
</div>
${input('street', 'Rua', { autocomplete: 'address-line1', required: '' })}
<div class="row">
${input('number', 'Número', { required: '' })}
${input('complement', 'Complemento', { autocomplete: 'address-line2' })}
</div>
<div class="row">
${input('locality', 'Bairro', { required: '' })}
${input('city', 'Cidade', { autocomplete: 'address-level2', required: '' })}
</div>
</fieldset>
${
  cards
    ? html`<fieldset id="card" data-pay-section="card"><legend>Cartão</legend>
<div id="card-fields">
<div id="card-number-field" class="card-field"></div>
<div class="row"><div id="card-expiry-field" class="card-field"></div><div id="card-cvv-field" class="card-field"></div></div>
</div>
<label for="f-installments" id="installments-label"><span>Parcelas</span><select id="f-installments" name="installments" data-pay-installments>
${offer.plans.map((p) => html`<option value="${p.installments}">${planWords(p)}</option>`)}
</select></label>
</fieldset>`
    : ''
}
<button type="submit" class="primary" id="pay-button" data-pay-submit>Pagar ${formatBrl(offer.total)}</button>
<p id="pay-progress" role="status" aria-live="polite"></p>
</form>`
}
<section id="pay-result" class="panel" tabindex="-1" aria-live="polite" data-pay-result hidden></section>
${b.return_url ? html`<p><a href="${b.return_url}">Voltar para a loja</a></p>` : ''}
</div>
</div>
</main>
<script type="application/json" id="checkout-data">${raw(dataJson(data))}</script>
${!closed && cards ? html`<script src="/sdk/gateway.js"></script>` : ''}
${!closed && script ? html`<script>${raw(script.inline)}</script>` : ''}
</body>
</html>`;
}
