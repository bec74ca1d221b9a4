// The example checkout page: the form, its checks, the bank's challenge and every result the
// shopper can see. Both pages of the example run this file: `/` hands it `window.Gateway` from
// the SDK's script tag (checkout.js), `/esm/` the named exports of `@gateway/sdk` bundled by
// rollup (examples/esm/src/checkout.ts). The card is typed in the gateway's hosted fields
// (createCardFields) and encrypted there with the merchant's public key: this page never holds the
// number or the security code (PCI SAQ A, docs/card-fields.md).
import {
  formatCep,
  formatPhone,
  formatTaxId,
  normaliseTaxId,
  onlyDigits,
  shopperProblems,
  unbrokenUnits,
} from './shopper-rules.mjs';
import { FALLBACK, MESSAGES } from './shopper-messages.mjs';
import { waitForPix } from './pix-payment.mjs';

// Failures the shopper caused (a typo, their own cancel, their own wait): no support code, a
// support code only helps when something went wrong on our side or the bank's.
const SHOPPER_CAUSED = new Set([
  'VALIDATION_ERROR',
  'CHALLENGE_CANCELED',
  'CHALLENGE_TIMEOUT',
  'ALREADY_IN_PROGRESS',
  'ABORTED',
]);

// The form field each 3DS request path and each hosted field's encrypt() problem comes from
// (`card:<field>`: a hosted field, which shows its own message).
const FIELDS = {
  'data.customer.name': 'name',
  'data.customer.email': 'email',
  'data.customer.phones[0].area': 'phone',
  'data.customer.phones[0].number': 'phone',
  'data.paymentMethod.card.encrypted': 'card:number',
  'data.paymentMethod.installments': 'installments',
  'data.billingAddress.street': 'street',
  'data.billingAddress.number': 'number',
  'data.billingAddress.complement': 'complement',
  'data.billingAddress.city': 'city',
  'data.billingAddress.regionCode': 'regionCode',
  'data.billingAddress.postalCode': 'postalCode',
  number: 'card:number',
  expiry: 'card:expiry',
  securityCode: 'card:securityCode',
  holderName: 'holder',
  card: 'card:number',
};

// The hosted fields as the error summary names them.
const HOSTED_LABELS = { number: 'Número do cartão', expiry: 'Validade', securityCode: 'Código de segurança' };
/** Where each hosted field is (index.html). */
const HOSTED_CONTAINERS = { number: 'card-number-field', expiry: 'card-expiry-field', securityCode: 'card-cvv-field' };

/**
 * The hosted fields in this page's look (checkout.css): labels of 0.9rem (14.4 px) at line height
 * 1.5, 4 px above the input; inputs of the same text, 10 px of padding, a 1 px #aab4bf border and
 * 6 px corners (43.6 px high); a 3 px #1f6feb ring 1 px out on focus; a red border and shadow when invalid.
 */
const FIELD_LOOK = {
  base: {
    fontFamily: 'system-ui, sans-serif',
    fontSize: '14.4px',
    lineHeight: '21.6px',
    color: '#1c2430',
    padding: '10px',
    height: '43.6px',
    borderColor: '#aab4bf',
    borderWidth: '1px',
    borderRadius: '6px',
  },
  focus: { outlineStyle: 'solid', outlineWidth: '3px', outlineColor: '#1f6feb', outlineOffset: '1px' },
  invalid: { borderColor: '#b42318', boxShadow: '0 0 0 1px #b42318' },
  label: { fontSize: '14.4px', fontWeight: '400', lineHeight: '21.6px', marginBottom: '4px' },
};

const BRANDS = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'American Express', hipercard: 'Hipercard' };
/** "visa" as people write it: Visa. */
export const brandName = (brand) => BRANDS[String(brand).toLowerCase()] ?? String(brand);
/** Cents as reais: R$ 134,80. */
export const brl = (cents) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

const METHOD_NAMES = { CREDIT_CARD: 'Cartão de crédito', DEBIT_CARD: 'Cartão de débito', PIX: 'Pix' };

/** An installment plan as the shopper reads it: "3x de R$ 44,94 sem juros", "12x de R$ 13,54 com juros". */
const planWords = (plan) =>
  `${plan.installments}x de ${brl(plan.installmentValue)} ${plan.interestFree ? 'sem juros' : 'com juros'}`;

/**
 * Runs the checkout page.
 * @param {object} sdk the SDK's functions: `authenticate3DS`, `createCardFields`, `GatewayError`, and
 *   `setUp(session, config)` that hands a new session to the SDK.
 */
export function runCheckout(sdk) {
  const $ = (id) => document.getElementById(id);
  const form = $('checkout');
  const status = $('status');
  const summary = $('error-summary');
  const payButton = $('pay');
  const progress = $('progress');
  // "Processando o pagamento…", as the page says it (index.html).
  const processing = progress.textContent;
  let config;
  /** The hosted card fields (created once the SDK has its session). */
  let cardFields;
  /** The installment plans of the cart (GET /api/installments): what each option of Parcelas costs. */
  let plans = [];

  const el = (tag, text, className) =>
    Object.assign(document.createElement(tag), { textContent: text ?? '', className: className ?? '' });
  const field = (name) => form.elements.namedItem(name);
  const value = (name) => String(field(name)?.value ?? '').trim();
  const method = () => value('method');
  const labelOf = (input) => input.closest('label')?.firstChild?.textContent?.trim() ?? input.name;
  /** A summary line: the field's name, then why, unless the reason names the field itself ("Informe o número do cartão."). */
  const summaryLine = (label, reason) =>
    reason.toLocaleLowerCase('pt-BR').includes(label.toLocaleLowerCase('pt-BR')) ? reason : `${label}: ${reason}`;
  /** The plan chosen in Parcelas (debit: 1x). Its amount is what 3DS authenticates; the server charges the same. */
  const chosenPlan = () => plans.find((p) => p.installments === Number(value('installments'))) ?? plans[0];

  /** Brings a region into view and moves focus there, so every width and every reader lands on it. */
  function reveal(node) {
    node.scrollIntoView({ block: 'start' });
    node.focus({ preventScroll: true });
  }

  /** The state while the page works: the Pay button disabled and one progress line. */
  function setBusy(busy) {
    payButton.hidden = false;
    payButton.disabled = busy;
    progress.textContent = processing;
    progress.hidden = !busy;
  }

  /**
   * The state while the bank's challenge is open: the shopper is not being processed, the bank is
   * waiting for them. So no Pay button, and the line says so; "Processando" comes back once they answered.
   */
  function waitForBank() {
    payButton.hidden = true;
    progress.textContent = 'Aguardando a confirmação do seu banco…';
    progress.hidden = false;
  }

  function clearProblems() {
    summary.hidden = true;
    // The hosted fields' messages come and go with their state (showHostedMessage), not with a submit.
    for (const node of form.querySelectorAll('.field-error:not(.hosted-message)')) node.remove();
    for (const input of form.querySelectorAll('[aria-invalid]')) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }

  /**
   * A hosted field's message under its frame, as the page's own fields show theirs (the frame keeps
   * it for screen readers: this copy is hidden from them).
   */
  function showHostedMessage(name, message) {
    const container = $(HOSTED_CONTAINERS[name]);
    if (!container) return;
    let node = container.nextElementSibling?.classList.contains('field-error') ? container.nextElementSibling : null;
    if (!message) return node?.remove();
    node ??= el('p', '', 'field-error hosted-message');
    node.setAttribute('aria-hidden', 'true');
    node.textContent = message;
    container.after(node);
  }

  /**
   * Shows what to fix: the reason beside each field, and a summary at the top whose links lead
   * to the fields. `problems`: `{ field, message }`; names that are not fields of this form are
   * skipped. Returns false when none was a field (nothing shown).
   */
  function showProblems(problems) {
    clearProblems();
    const seen = new Set();
    const items = [];
    for (const { field: name, message } of problems) {
      if (name?.startsWith('card:')) {
        // A hosted field shows its own message in its frame: the summary links to it.
        const hosted = name.slice(5);
        if (seen.has(name) || !HOSTED_LABELS[hosted]) continue;
        seen.add(name);
        const link = el('a', summaryLine(HOSTED_LABELS[hosted], message || 'Confira este campo.'));
        link.href = '#card-fields';
        link.addEventListener('click', (event) => {
          event.preventDefault();
          cardFields?.focus(hosted);
        });
        const li = document.createElement('li');
        li.append(link);
        items.push(li);
        continue;
      }
      const input = name && field(name);
      if (!input || seen.has(name) || !(input instanceof HTMLElement)) continue;
      seen.add(name);
      const reason = el('p', message || 'Confira este campo.', 'field-error');
      reason.id = `err-${name}`;
      input.closest('label').after(reason);
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', reason.id);
      const link = el('a', summaryLine(labelOf(input), reason.textContent));
      link.href = `#${input.id}`;
      link.addEventListener('click', (event) => {
        event.preventDefault();
        input.focus();
      });
      const li = document.createElement('li');
      li.append(link);
      items.push(li);
    }
    if (!items.length) return false;
    $('error-summary-title').textContent =
      items.length === 1 ? 'Corrija 1 campo para continuar' : `Corrija ${items.length} campos para continuar`;
    $('error-summary-list').replaceChildren(...items);
    status.replaceChildren();
    summary.hidden = false;
    summary.setAttribute('role', 'alert');
    reveal(summary);
    return true;
  }

  /**
   * A result card at the top of the page: `kind` success or error, a title, lines, and the
   * support code when the shopper did not cause the failure.
   */
  function showResult(kind, title, lines, traceId) {
    const box = el('div', '', `result ${kind}`);
    box.append(el('h2', title), ...lines.map((line) => (typeof line === 'string' ? el('p', line) : line)));
    if (traceId) box.append(el('p', `Código para o atendimento: ${traceId}`, 'trace'));
    status.replaceChildren(box);
    reveal(status);
    return box;
  }

  /** A receipt: term and value pairs. */
  function receipt(rows) {
    const dl = el('dl', '', 'receipt');
    for (const [term, detail, className] of rows) dl.append(el('dt', term), el('dd', detail, className));
    return dl;
  }

  /** The purchase is done: the form gives way to what was bought and how it is paid. */
  function showPaid(result) {
    form.hidden = true;
    const card = result.card
      ? `${METHOD_NAMES[result.method] ?? 'Cartão'} ${brandName(result.card.brand)} final ${result.card.lastDigits}`
      : METHOD_NAMES[result.method];
    // The plan as the server charged it (a saved-card order without one shows the amount only).
    const plan = result.method === 'CREDIT_CARD' && result.plan;
    const box = showResult('success', 'Pagamento aprovado', [
      `Obrigado pela compra, ${value('name').split(/\s+/)[0]}! Seu pedido já está sendo preparado.`,
      receipt([
        ['Pedido', result.reference, 'reference'],
        ['Valor', brl(result.amount)],
        ...(plan ? [['Parcelas', plan.installments === 1 ? 'à vista (1x)' : planWords(plan), 'plan']] : []),
        ['Pagamento', card],
      ]),
    ]);
    box.dataset.orderId = result.orderId;
    if (result.saveCard) {
      const again = el('a', 'Comprar de novo com o cartão salvo');
      again.href = '/esm/saved-card.html';
      box.append(again);
    }
  }

  function showBoleto(result) {
    form.hidden = true;
    const due = new Date(`${result.boleto.dueDate}T12:00:00Z`).toLocaleDateString('pt-BR', { timeZone: 'UTC' });
    const pdf = el('a', 'Abrir o boleto (PDF)', 'boleto-pdf');
    Object.assign(pdf, { href: result.boleto.pdf, target: '_blank', rel: 'noopener' });
    const line = result.boleto.formattedBarcode;
    const copy = el('button', 'Copiar linha digitável');
    copy.type = 'button';
    const feedback = el('p', '', 'boleto-feedback');
    feedback.setAttribute('role', 'status');
    copy.onclick = async () => {
      try {
        await navigator.clipboard.writeText(line);
        feedback.textContent = 'Linha digitável copiada. Cole no app do seu banco, em pagar boleto.';
      } catch {
        // No clipboard here (an old browser, or permission refused): the line is selected instead.
        getSelection()?.selectAllChildren(box.querySelector('.digits'));
        feedback.textContent =
          'Não foi possível copiar sozinho: a linha está selecionada, copie e cole no app do banco.';
      }
    };
    // Sandbox only, as the Pix step has it: pays the boleto as the payer's bank would.
    const simulate = el('button', 'Simular pagamento');
    simulate.type = 'button';
    const sandboxOnly = el('div', '', 'sandbox-only');
    sandboxOnly.setAttribute('role', 'group');
    sandboxOnly.setAttribute('aria-label', 'Só no ambiente de testes');
    const note = el('p', ': paga este boleto como o banco faria.');
    note.prepend(el('strong', 'Só no ambiente de testes'));
    sandboxOnly.append(note, simulate);
    simulate.onclick = async () => {
      simulate.disabled = true;
      const url = `/api/orders/${encodeURIComponent(result.orderId)}/boleto/pay`;
      const res = await fetch(url, { method: 'POST' }).catch(() => undefined);
      const paid = res?.ok && (await res.json()).ok;
      if (!paid) {
        feedback.textContent = 'O simulador não pagou este boleto. Tente de novo.';
        simulate.disabled = false;
        return;
      }
      // Paid: what happened and what comes next; the due date and the line to copy are history now.
      const done = showResult('success', 'Boleto pago', [
        `Recebemos o pagamento do boleto, ${value('name').split(/\s+/)[0]}. Seu pedido já está sendo preparado e a confirmação vai para ${value('email')}.`,
        receipt([
          ['Pedido', result.reference, 'reference'],
          ['Valor', brl(result.amount)],
          ['Pagamento', 'Boleto, pago'],
        ]),
      ]);
      done.dataset.orderId = result.orderId;
    };
    const box = showResult('success', 'Boleto gerado', [
      `Pague até ${due} no app do seu banco ou em uma lotérica. O pedido é enviado assim que o pagamento for confirmado.`,
      receipt([
        ['Pedido', result.reference, 'reference'],
        ['Valor', brl(result.amount)],
        ['Vencimento', due],
        ['Linha digitável', line, 'digits'],
      ]),
      copy,
      feedback,
      pdf,
      sandboxOnly,
    ]);
    box.dataset.orderId = result.orderId;
  }

  /** Another card or the boleto: the bank did not let this card pay. Nothing was charged. */
  const tryAnother = 'Nada foi cobrado. Use outro cartão ou pague com boleto.';

  function showOrder(result, saveCard) {
    if (result.notAuthenticated)
      return showResult('error', 'Seu banco não confirmou a compra', [
        `A confirmação no banco não foi concluída com sucesso. ${tryAnother}`,
      ]);
    if (!result.ok) {
      const problems = [
        ...(result.problems ?? []),
        ...(result.fields ?? []).map((name) => ({ field: name, message: '' })),
      ];
      if (showProblems(problems)) return;
      return showResult(
        'error',
        'Não foi possível criar o pedido',
        ['Nada foi cobrado. Tente de novo em instantes.'],
        result.traceId,
      );
    }
    if (result.boleto) return showBoleto(result);
    if (result.chargeStatus === 'PAID' || result.chargeStatus === 'AUTHORIZED')
      return showPaid({ ...result, saveCard });
    showResult(
      'error',
      'Pagamento recusado pelo banco',
      [`O banco emissor recusou este pagamento. ${tryAnother}`],
      result.traceId,
    );
  }

  function showError(error) {
    if (!(error instanceof sdk.GatewayError))
      return showResult('error', 'Não foi possível concluir o pagamento', [FALLBACK]);
    if (
      error.code === 'VALIDATION_ERROR' &&
      showProblems(error.detail.errorMessages.map((item) => ({ field: FIELDS[item.parameterName], message: '' })))
    )
      return;
    const words = error.code === 'VALIDATION_ERROR' ? FALLBACK : (MESSAGES[error.code] ?? FALLBACK);
    const shopperCaused = SHOPPER_CAUSED.has(error.code) && error.code !== 'VALIDATION_ERROR';
    showResult(
      'error',
      shopperCaused ? 'Pagamento não concluído' : 'Não foi possível concluir o pagamento',
      [words],
      shopperCaused ? undefined : error.detail.traceId,
    );
  }

  async function api(path, body) {
    const res = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return res.json();
  }

  async function newSession() {
    const { session } = await api('/api/session', {});
    sdk.setUp(session, config);
  }

  const customer = () => ({
    name: value('name'),
    email: value('email'),
    taxId: normaliseTaxId(value('taxId')),
    phone: onlyDigits(value('phone')),
  });
  const address = () => ({
    street: value('street'),
    number: value('number'),
    complement: value('complement'),
    locality: value('locality'),
    city: value('city'),
    regionCode: value('regionCode').toUpperCase(),
    postalCode: onlyDigits(value('postalCode')),
  });

  /** Before the challenge: one state, waiting for the shopper (no Pay button, no progress line). */
  function beforeChallenge({ brand, issuer, open }) {
    setBusy(false);
    payButton.hidden = true;
    $('bank-notice-text').textContent = issuer
      ? `Seu cartão ${brandName(brand)}, emitido por ${issuer}, pede uma confirmação da compra. A página do banco abre nesta tela.`
      : `Seu cartão ${brandName(brand)} pede uma confirmação da compra. A página do banco abre nesta tela.`;
    const notice = $('bank-notice');
    notice.hidden = false;
    notice.scrollIntoView({ block: 'center' });
    const go = $('bank-continue');
    go.focus({ preventScroll: true });
    go.onclick = () => {
      notice.hidden = true;
      waitForBank();
      open();
    };
  }

  function threeDsRequest(encrypted) {
    const c = customer();
    const a = address();
    return {
      data: {
        customer: {
          name: c.name,
          email: c.email,
          phones: [{ country: '55', area: c.phone.slice(0, 2), number: c.phone.slice(2), type: 'MOBILE' }],
        },
        paymentMethod: { type: method(), installments: chosenPlan().installments, card: { encrypted } },
        // The chosen plan's amount, interest included: 3DS authenticates what the server will charge.
        amount: { value: chosenPlan().amount, currency: 'BRL' },
        billingAddress: {
          street: a.street,
          number: a.number,
          complement: a.complement || undefined,
          city: a.city,
          regionCode: a.regionCode,
          country: 'BRA',
          postalCode: a.postalCode,
        },
      },
      dataOnly: false,
      beforeChallenge,
    };
  }

  async function authenticate(encrypted) {
    try {
      return await sdk.authenticate3DS(threeDsRequest(encrypted));
    } catch (error) {
      // Sessions last 30 minutes: get a new one, set it up and try once more.
      if (error instanceof sdk.GatewayError && error.code === 'SESSION_EXPIRED') {
        await newSession();
        return sdk.authenticate3DS(threeDsRequest(encrypted));
      }
      throw error;
    }
  }

  /** Encrypts the card in the hosted fields; `problems` gets what they found wrong in it. */
  async function encryptedCard(problems) {
    const result = await cardFields.encrypt({ holderName: value('holder') });
    if (!result.hasErrors) return result.encryptedCard;
    for (const e of result.errors) {
      if (e.code === 'FIELDS_UNAVAILABLE') throw new sdk.GatewayError('CARD_FIELDS_ERROR', e.message);
      problems.push({ field: FIELDS[e.parameterName], message: e.message });
    }
    return undefined;
  }

  async function payByCard(attemptId) {
    // Everything the order needs is checked before the bank is asked: a form error must never
    // send the shopper through the challenge twice. The page checks, then the server.
    const problems = shopperProblems({ customer: customer(), address: address() });
    const encrypted = await encryptedCard(problems);
    if (showProblems(problems)) return;
    const checked = await api('/api/check', { customer: customer(), address: address() });
    if (!checked.ok && showProblems(checked.problems)) return;

    const auth = await authenticate(encrypted);
    // The bank answered (or asked nothing): now the page is processing the payment.
    setBusy(true);
    const type = method();
    if (auth.status === 'CHANGE_PAYMENT_METHOD') {
      // The shopper did nothing wrong: the support code lets the merchant trace what the bank said.
      return showResult(
        'error',
        'Seu banco não autorizou este cartão',
        [`O banco emissor pediu outra forma de pagamento. ${tryAnother}`],
        auth.traceId,
      );
    }
    if (auth.status === 'AUTH_NOT_SUPPORTED' && type === 'DEBIT_CARD') {
      return showResult('error', 'Este cartão de débito não pode ser usado', [
        'Débito só com a confirmação do banco, e este cartão não a oferece. Nada foi cobrado. Use um cartão de crédito ou pague com boleto.',
      ]);
    }
    // The 3DS policy (the server applies it again): a card the bank did not authenticate is not
    // charged, unless the merchant chose to take that risk for credit cards.
    if (
      auth.status === 'AUTH_FLOW_COMPLETED' &&
      auth.authenticationStatus !== 'AUTHENTICATED' &&
      (type === 'DEBIT_CARD' || !config.threeDsPolicy.chargeNotAuthenticated)
    ) {
      return showOrder({ ok: false, notAuthenticated: true });
    }
    const saveCard = field('saveCard').checked;
    const result = await api('/api/orders', {
      method: type,
      installments: chosenPlan().installments,
      customer: customer(),
      address: address(),
      card: { encrypted },
      saveCard,
      threeDsId: auth.status === 'AUTH_FLOW_COMPLETED' ? auth.id : undefined,
      attemptId,
    });
    showOrder(result, saveCard);
  }

  async function payByBoleto(attemptId) {
    if (showProblems(shopperProblems({ customer: customer(), address: address() }))) return;
    showOrder(await api('/api/orders', { method: 'BOLETO', customer: customer(), address: address(), attemptId }));
  }

  /** Pix: the server creates the order with a QR code; the shopper pays it in their bank's app. */
  async function payByPix(attemptId) {
    if (showProblems(shopperProblems({ customer: customer(), address: address() }))) return;
    const result = await api('/api/orders', { method: 'PIX', customer: customer(), address: address(), attemptId });
    if (!result.ok || !result.pix) return showOrder(result);
    form.hidden = true;
    $('pix-amount').textContent = brl(result.amount);
    const outcome = await waitForPix(result, reveal);
    if (outcome === 'PAID') return showPaid(result);
    form.hidden = false;
    // The form is long: the next step is here, not at its end.
    const again = el('button', 'Gerar novo código Pix');
    again.type = 'button';
    again.onclick = () => form.requestSubmit();
    showResult('error', 'O código Pix expirou', [
      'O tempo para pagar acabou e nada foi cobrado. Gere um novo código Pix ou escolha outra forma de pagamento.',
      again,
    ]);
  }

  async function pay(event) {
    event.preventDefault();
    clearProblems();
    status.replaceChildren();
    setBusy(true);
    // One id per attempt: the server sends it as the idempotency key, so a retry never charges twice.
    const attemptId = crypto.randomUUID();
    try {
      if (method() === 'BOLETO') await payByBoleto(attemptId);
      else if (method() === 'PIX') await payByPix(attemptId);
      else await payByCard(attemptId);
    } catch (error) {
      showError(error);
    } finally {
      $('bank-notice').hidden = true;
      setBusy(false);
    }
  }

  function onMethodChange() {
    const m = method();
    $('card-fields').hidden = m === 'BOLETO' || m === 'PIX';
    // Debit is paid at once: one installment.
    if (m === 'DEBIT_CARD') field('installments').value = '1';
    field('installments').disabled = m === 'DEBIT_CARD';
    payButton.textContent =
      m === 'BOLETO' ? 'Gerar boleto' : m === 'PIX' ? 'Gerar código Pix' : `Pagar ${brl(chosenPlan().amount)}`;
  }

  /**
   * Parcelas: one option per plan, its installment and "sem juros" or the total with interest
   * ("12x de R$ 13,54 (total R$ 162,48)": short enough for a phone's closed select).
   */
  function showPlans() {
    const options = plans.map((plan) => {
      const each = `${plan.installments}x de ${brl(plan.installmentValue)}`;
      const option = el('option', plan.interestFree ? `${each} sem juros` : `${each} (total ${brl(plan.amount)})`);
      option.value = String(plan.installments);
      return option;
    });
    field('installments').replaceChildren(...options);
  }

  /** CPF, phone and CEP shown as people write them once the shopper leaves the field. */
  function formatOnBlur() {
    field('taxId').addEventListener('blur', (e) => (e.target.value = formatTaxId(e.target.value)));
    field('phone').addEventListener('blur', (e) => (e.target.value = formatPhone(e.target.value)));
    field('postalCode').addEventListener('blur', (e) => (e.target.value = formatCep(e.target.value)));
  }

  async function start() {
    config = await api('/api/config');
    ({ plans } = await api('/api/installments'));
    showPlans();
    const list = $('cart-items');
    for (const item of config.cart) {
      const li = document.createElement('li');
      li.append(
        el('span', `${item.quantity}× ${unbrokenUnits(item.name)}`),
        el('span', brl(item.quantity * item.unit_amount)),
      );
      list.append(li);
    }
    $('cart-total').textContent = brl(config.total);
    field('taxId').value = formatTaxId(field('taxId').value);
    field('phone').value = formatPhone(field('phone').value);
    formatOnBlur();
    form.addEventListener('change', onMethodChange);
    form.addEventListener('submit', pay);
    onMethodChange();
    await newSession();
    cardFields = sdk.createCardFields({
      publicKey: config.publicKey,
      fields: {
        number: { container: '#card-number-field' },
        expiry: { container: '#card-expiry-field' },
        securityCode: { container: '#card-cvv-field', label: 'CVV' },
      },
      // The look of this page's own inputs (checkout.css: label, input, :focus-visible, [aria-invalid]),
      // so the card's fields cannot be told from the others; their messages show as the others' do.
      style: FIELD_LOOK,
      showMessages: false,
    });
    cardFields.on('change', ({ field: name, fields }) => showHostedMessage(name, fields[name]?.message));
    // Enter in a card field pays, as in the page's own fields.
    cardFields.on('submit', () => form.requestSubmit());
    cardFields.on('error', ({ error }) =>
      showResult(
        'error',
        'Os campos do cartão não carregaram',
        [MESSAGES[error.code] ?? FALLBACK],
        error.detail.traceId,
      ),
    );
    await new Promise((ready) => cardFields.on('ready', ready));
    // The placeholders of the fields' final size give way to the frames (checkout.css).
    $('card-fields').classList.remove('loading');
    form.dataset.ready = 'true';
  }

  start().catch(() => showResult('error', 'Não foi possível carregar o checkout', ['Recarregue a página.']));
}
