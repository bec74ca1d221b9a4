// One-click purchase with the card the shopper saved in an earlier order (`card.store: true`
// there, Gateway's `card.id` here). No card data is typed, so this page does not import
// encryptCard, and its bundle carries none of its code: the tree-shaking test checks that.
import { GatewayError, type AuthenticationRequest } from '@gateway/sdk';
import { showBankNotice } from './bank-notice';
import { brandName } from './brand-name';
import { brl, renderCart } from './cart-view';
import { createOrder, getConfig, getSavedCard, type CheckoutConfig, type SavedCard } from './merchant-api';
import { paragraph, show, showError, showNotAuthenticated, showOrder } from './result-view';
import { authenticate, startSession } from './session';
import { shopperMessage } from './shopper-messages';

const form = document.getElementById('checkout') as HTMLFormElement;
const payButton = document.getElementById('pay') as HTMLButtonElement;
const installments = (): number => Number((form.elements.namedItem('installments') as HTMLSelectElement).value);

function threeDsRequest(config: CheckoutConfig, saved: SavedCard): AuthenticationRequest {
  const { customer, address } = saved;
  return {
    data: {
      customer: {
        name: customer.name,
        email: customer.email,
        phones: [{ country: '55', area: customer.phone.slice(0, 2), number: customer.phone.slice(2), type: 'MOBILE' }],
      },
      paymentMethod: { type: 'CREDIT_CARD', installments: installments(), card: { id: saved.card.id } },
      amount: { value: config.total, currency: 'BRL' },
      billingAddress: {
        street: address.street,
        number: address.number,
        complement: address.complement || undefined,
        city: address.city,
        regionCode: address.regionCode,
        country: 'BRA',
        postalCode: address.postalCode,
      },
    },
    dataOnly: false,
    beforeChallenge: showBankNotice,
  };
}

async function pay(config: CheckoutConfig, saved: SavedCard, event: SubmitEvent): Promise<void> {
  event.preventDefault();
  payButton.disabled = true;
  show('', [paragraph('Processando…')]);
  const attemptId = crypto.randomUUID();
  try {
    const auth = await authenticate(() => threeDsRequest(config, saved), config.apiUrl);
    // The bank answered (or asked nothing): now the page is processing the payment.
    payButton.hidden = false;
    show('', [paragraph('Processando…')]);
    if (auth.status === 'CHANGE_PAYMENT_METHOD')
      return showError('Seu banco não autorizou este cartão. Nada foi cobrado. Escolha outra forma de pagamento.');
    // The example's 3DS policy (the server applies it again): a card the bank did not authenticate is not charged by default.
    if (
      auth.status === 'AUTH_FLOW_COMPLETED' &&
      auth.authenticationStatus !== 'AUTHENTICATED' &&
      !config.threeDsPolicy.chargeNotAuthenticated
    )
      return showNotAuthenticated();
    // The server puts its own stored card id in the order: the page only says "the saved card".
    const result = await createOrder({
      method: 'CREDIT_CARD',
      installments: installments(),
      card: { saved: true },
      ...(auth.status === 'AUTH_FLOW_COMPLETED' && { threeDsId: auth.id }),
      attemptId,
    });
    showOrder(form, result);
  } catch (error) {
    showError(shopperMessage(error), error instanceof GatewayError ? error.detail.traceId : undefined);
  } finally {
    (document.getElementById('bank-notice') as HTMLElement).hidden = true;
    payButton.hidden = false;
    payButton.disabled = false;
  }
}

async function start(): Promise<void> {
  const [config, saved] = await Promise.all([getConfig(), getSavedCard()]);
  renderCart(config);
  if (!saved) {
    form.hidden = true;
    const link = Object.assign(document.createElement('a'), { href: '/esm/', textContent: 'Ir ao checkout' });
    show('', [paragraph('Você ainda não tem um cartão salvo. Faça uma compra marcando "Salvar este cartão".'), link]);
    return;
  }
  const { card, customer } = saved;
  (document.getElementById('saved-card') as HTMLElement).textContent =
    `Cartão ${brandName(card.brand)} final ${card.lastDigits}, validade ${card.expMonth.padStart(2, '0')}/${card.expYear}`;
  (document.getElementById('saved-customer') as HTMLElement).textContent = `${customer.name} · ${customer.email}`;
  payButton.textContent = `Pagar ${brl(config.total)}`;
  form.addEventListener('submit', (e) => void pay(config, saved, e));
  await startSession(config.apiUrl);
  payButton.disabled = false;
  form.dataset.ready = 'true';
}

start().catch(() => showError('Não foi possível carregar a página. Recarregue-a.'));
