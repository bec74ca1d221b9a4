// The example checkout page, bundled from the npm ESM build: the same page as
// examples/checkout/public/checkout.js (the script-tag version), typed. The card is encrypted
// in this page with the merchant's public key; the encrypted card goes to 3DS and, through the
// merchant's server, to the order, so the clear number never leaves the page.
import { encryptCard, ErrorCode, GatewayError, type AuthenticationRequest } from '@gateway/sdk';
import { showBankNotice } from './bank-notice';
import { brl, renderCart } from './cart-view';
import { createOrder, getConfig, type CheckoutConfig, type OrderInput, type Shopper } from './merchant-api';
import { clearMarks, markFields, paragraph, show, showError, showOrder } from './result-view';
import { authenticate, startSession } from './session';
import { GENERAL_FAILURE, shopperMessage } from './shopper-messages';

type Method = 'CREDIT_CARD' | 'DEBIT_CARD' | 'BOLETO';

const form = document.getElementById('checkout') as HTMLFormElement;
const payButton = document.getElementById('pay') as HTMLButtonElement;

// The form field each 3DS request path and each encryptCard parameter comes from.
const FIELDS: Record<string, string> = {
  'data.customer.name': 'name',
  'data.customer.email': 'email',
  'data.customer.phones[0].area': 'phone',
  'data.customer.phones[0].number': 'phone',
  'data.paymentMethod.card.encrypted': 'cardNumber',
  'data.paymentMethod.installments': 'installments',
  'data.billingAddress.street': 'street',
  'data.billingAddress.number': 'number',
  'data.billingAddress.complement': 'complement',
  'data.billingAddress.city': 'city',
  'data.billingAddress.regionCode': 'regionCode',
  'data.billingAddress.postalCode': 'postalCode',
  number: 'cardNumber',
  holder: 'holder',
  expMonth: 'expMonth',
  expYear: 'expYear',
  securityCode: 'securityCode',
};

const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
const value = (name: string): string => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | RadioNodeList).value.trim();
const digits = (name: string): string => value(name).replace(/\D/g, '');
const method = (): Method => value('method') as Method;

function shopper(): Shopper {
  return {
    customer: { name: value('name'), email: value('email'), taxId: digits('taxId'), phone: digits('phone') },
    address: { street: value('street'), number: value('number'), complement: value('complement'), locality: value('locality'), city: value('city'), regionCode: value('regionCode').toUpperCase(), postalCode: digits('postalCode') },
  };
}

function threeDsRequest(config: CheckoutConfig, encrypted: string, type: 'CREDIT_CARD' | 'DEBIT_CARD'): AuthenticationRequest {
  const { customer, address } = shopper();
  return {
    data: {
      customer: { name: customer.name, email: customer.email, phones: [{ country: '55', area: customer.phone.slice(0, 2), number: customer.phone.slice(2), type: 'MOBILE' }] },
      paymentMethod: { type, installments: Number(value('installments')), card: { encrypted } },
      amount: { value: config.total, currency: 'BRL' },
      billingAddress: { street: address.street, number: address.number, complement: address.complement || undefined, city: address.city, regionCode: address.regionCode, country: 'BRA', postalCode: address.postalCode },
    },
    dataOnly: false,
    beforeChallenge: showBankNotice,
  };
}

async function payByCard(config: CheckoutConfig, type: 'CREDIT_CARD' | 'DEBIT_CARD', attemptId: string): Promise<void> {
  const encrypted = await encryptCard({
    publicKey: config.publicKey,
    holder: value('holder'),
    number: digits('cardNumber'),
    expMonth: value('expMonth'),
    expYear: value('expYear'),
    securityCode: digits('securityCode'),
  });
  if (encrypted.hasErrors) {
    return show('error', [paragraph('Confira os dados do cartão.'), paragraph(markFields(form, encrypted.errors.map((e) => FIELDS[e.parameterName])))]);
  }
  const auth = await authenticate(() => threeDsRequest(config, encrypted.encryptedCard, type), config.apiUrl);
  if (auth.status === 'CHANGE_PAYMENT_METHOD') return showError('Seu banco não autorizou este cartão. Nada foi cobrado. Escolha outra forma de pagamento.');
  if (auth.status === 'AUTH_NOT_SUPPORTED' && type === 'DEBIT_CARD') return showError('Este cartão de débito não pode ser usado nesta compra. Use um cartão de crédito ou boleto.');
  const saveCard = (field('saveCard') as HTMLInputElement).checked;
  const order: OrderInput = {
    method: type,
    installments: Number(value('installments')),
    ...shopper(),
    card: { encrypted: encrypted.encryptedCard },
    saveCard,
    // Only a completed flow has an id; a credit card that is not eligible goes on without 3DS.
    ...(auth.status === 'AUTH_FLOW_COMPLETED' && { threeDsId: auth.id }),
    attemptId,
  };
  showOrder(form, await createOrder(order), saveCard);
}

async function pay(config: CheckoutConfig, event: SubmitEvent): Promise<void> {
  event.preventDefault();
  payButton.disabled = true;
  clearMarks(form);
  show('', [paragraph('Processando…')]);
  // One id per attempt: the server sends it as the idempotency key, so a retry never charges twice.
  const attemptId = crypto.randomUUID();
  try {
    const m = method();
    if (m === 'BOLETO') showOrder(form, await createOrder({ method: 'BOLETO', ...shopper(), attemptId }));
    else await payByCard(config, m, attemptId);
  } catch (error) {
    if (!(error instanceof GatewayError)) return showError(shopperMessage(error));
    // Validation items name the request's paths: point at the form fields they came from.
    const fix = error.code === ErrorCode.VALIDATION_ERROR ? markFields(form, error.detail.errorMessages.map((item) => FIELDS[item.parameterName])) : '';
    showError(error.code !== ErrorCode.VALIDATION_ERROR || fix ? shopperMessage(error) : GENERAL_FAILURE, error.detail.traceId, fix ? [paragraph(fix)] : []);
  } finally {
    payButton.disabled = false;
  }
}

function onMethodChange(config: CheckoutConfig): void {
  const m = method();
  (document.getElementById('card-fields') as HTMLElement).hidden = m === 'BOLETO';
  // Debit is paid at once: one installment.
  const installments = field('installments');
  if (m === 'DEBIT_CARD') installments.value = '1';
  installments.disabled = m === 'DEBIT_CARD';
  payButton.textContent = m === 'BOLETO' ? 'Gerar boleto' : `Pagar ${brl(config.total)}`;
}

async function start(): Promise<void> {
  const config = await getConfig();
  renderCart(config);
  (document.getElementById('test-card') as HTMLSelectElement).addEventListener('change', (e) => {
    field('cardNumber').value = (e.target as HTMLSelectElement).value;
  });
  form.addEventListener('change', () => onMethodChange(config));
  form.addEventListener('submit', (e) => void pay(config, e));
  onMethodChange(config);
  await startSession(config.apiUrl);
  form.dataset.ready = 'true';
}

start().catch(() => showError('Não foi possível carregar o checkout. Recarregue a página.'));
