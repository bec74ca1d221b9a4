// The example checkout page, with the SDK from its script tag (window.Gateway). The card is
// encrypted in this page with the merchant's public key (Gateway.encryptCard): the encrypted
// card goes to 3DS and, through the merchant's server, to the order. The clear number never
// leaves the page, so the merchant needs no PCI homologation.
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const form = $('checkout');
  const status = $('status');
  const brl = (cents) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
  let config;

  // What the shopper reads for each GatewayError code: what happened and what to do.
  const MESSAGES = {
    VALIDATION_ERROR: 'Confira os dados destacados e tente de novo.',
    NETWORK_ERROR: 'Não conseguimos falar com o serviço de pagamento. Verifique sua conexão e tente de novo.',
    TIMEOUT: 'O serviço de pagamento demorou para responder. Tente de novo.',
    SERVER_ERROR: 'O serviço de pagamento está com instabilidade. Tente de novo em instantes.',
    INVALID_RESPONSE: 'O serviço de pagamento está com instabilidade. Tente de novo em instantes.',
    REQUEST_REJECTED: 'O serviço de pagamento recusou este pagamento. Tente outro cartão ou pague com boleto.',
    SESSION_EXPIRED: 'Sua sessão de pagamento expirou. Tente de novo.',
    CHALLENGE_CANCELED: 'Você fechou a confirmação do banco. Nada foi cobrado; tente de novo quando quiser.',
    CHALLENGE_NOT_OPENED: 'A confirmação do banco não foi aberta. Nada foi cobrado; tente de novo.',
    CHALLENGE_TIMEOUT: 'O tempo para confirmar no banco acabou. Nada foi cobrado; tente de novo.',
    CHALLENGE_FRAME_ERROR: 'Não foi possível abrir a página do seu banco. Tente de novo ou use outra forma de pagamento.',
    CHALLENGE_NOT_COMPLETED: 'A confirmação do banco não foi concluída. Nada foi cobrado; tente de novo.',
    ABORTED: 'O pagamento foi interrompido. Nada foi cobrado.',
    ALREADY_IN_PROGRESS: 'Seu pagamento já está em andamento. Aguarde.',
  };
  const FALLBACK = 'Não foi possível concluir o pagamento. Nada foi cobrado; tente de novo.';
  // The form field each 3DS request path (and each encryptCard parameter) comes from.
  const FIELDS = {
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
    card: 'cardNumber',
  };

  const p = (text, className) => Object.assign(document.createElement('p'), { textContent: text, className: className || '' });
  function show(kind, nodes) {
    const box = document.createElement('div');
    box.className = `result ${kind}`;
    box.append(...nodes);
    status.replaceChildren(box);
  }
  /** The purchase is done: the form goes away and the result takes its place. */
  function done(nodes) {
    form.hidden = true;
    show('success', nodes);
    status.focus();
  }
  const trace = (id) => p(`Código de atendimento: ${id || '—'}`, 'trace');

  /** Marks the fields and returns "Confira: CPF, CEP." in the form's own words. */
  function markFields(names) {
    const labels = [];
    for (const name of new Set(names)) {
      const field = form.elements[name];
      if (!field) continue;
      field.setAttribute('aria-invalid', 'true');
      labels.push(field.closest('label').firstChild.textContent.trim());
    }
    if (labels.length) form.elements[names.find((n) => form.elements[n])].focus();
    return labels.length ? `Confira: ${labels.join(', ')}.` : '';
  }

  async function api(path, body) {
    const res = await fetch(path, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return res.json();
  }

  async function newSession() {
    const { session } = await api('/api/session', {});
    Gateway.setUp({ session, env: Gateway.env.SANDBOX });
  }

  const value = (name) => form.elements[name].value.trim();
  const digits = (name) => value(name).replace(/\D/g, '');
  const method = () => form.elements.method.value;
  const customer = () => ({ name: value('name'), email: value('email'), taxId: digits('taxId'), phone: digits('phone') });
  const address = () => ({ street: value('street'), number: value('number'), complement: value('complement'), locality: value('locality'), city: value('city'), regionCode: value('regionCode').toUpperCase(), postalCode: digits('postalCode') });

  function threeDsRequest(encrypted) {
    const phone = digits('phone');
    const a = address();
    return {
      data: {
        customer: { name: value('name'), email: value('email'), phones: [{ country: '55', area: phone.slice(0, 2), number: phone.slice(2), type: 'MOBILE' }] },
        paymentMethod: { type: method(), installments: Number(value('installments')), card: { encrypted } },
        amount: { value: config.total, currency: 'BRL' },
        billingAddress: { street: a.street, number: a.number, complement: a.complement || undefined, city: a.city, regionCode: a.regionCode, country: 'BRA', postalCode: a.postalCode },
      },
      dataOnly: false,
      // Tell the shopper which bank will ask, then let them open the challenge.
      beforeChallenge: ({ brand, issuer, open }) => {
        $('bank-notice-text').textContent = `Cartão ${brand.toUpperCase()}${issuer ? ` do ${issuer}` : ''}: seu banco vai pedir uma confirmação da compra.`;
        $('bank-notice').hidden = false;
        const go = $('bank-continue');
        go.focus();
        go.onclick = () => {
          $('bank-notice').hidden = true;
          open();
        };
      },
    };
  }

  async function authenticate(encrypted) {
    try {
      return await Gateway.authenticate3DS(threeDsRequest(encrypted));
    } catch (error) {
      // Sessions last 30 minutes: get a new one, set it up and try once more.
      if (error instanceof Gateway.GatewayError && error.code === 'SESSION_EXPIRED') {
        await newSession();
        return Gateway.authenticate3DS(threeDsRequest(encrypted));
      }
      throw error;
    }
  }

  function showOrder(result, savedCard) {
    if (!result.ok) {
      const fix = markFields(result.fields || []);
      return show('error', [p('Não foi possível criar o pedido. Nada foi cobrado.'), ...(fix ? [p(fix)] : [p('Tente de novo em instantes.')]), trace(result.traceId)]);
    }
    if (result.boleto) {
      const link = Object.assign(document.createElement('a'), { href: result.boleto.pdf, textContent: 'Abrir o boleto (PDF)', target: '_blank', rel: 'noopener', className: 'boleto-pdf' });
      const due = new Date(`${result.boleto.dueDate}T12:00:00Z`).toLocaleDateString('pt-BR', { timeZone: 'UTC' });
      return done([p('Pedido criado! Pague o boleto até o vencimento.'), p(`Vencimento: ${due}. Linha digitável:`), p(result.boleto.formattedBarcode, 'digits'), link, p(`Pedido ${result.orderId}`, 'trace')]);
    }
    if (result.chargeStatus === 'PAID' || result.chargeStatus === 'AUTHORIZED') {
      const again = savedCard && Object.assign(document.createElement('a'), { href: '/esm/saved-card.html', textContent: 'Comprar de novo com o cartão salvo' });
      return done([p('Pagamento aprovado! Obrigado pela compra.'), ...(again ? [again] : []), p(`Pedido ${result.orderId}`, 'trace')]);
    }
    show('error', [p('Pagamento recusado pelo banco. Nada foi cobrado. Tente outro cartão ou pague com boleto.'), trace(result.traceId)]);
  }

  function showError(error) {
    if (!(error instanceof Gateway.GatewayError)) return show('error', [p(FALLBACK)]);
    const fix = error.code === 'VALIDATION_ERROR' ? markFields(error.detail.errorMessages.map((item) => FIELDS[item.parameterName])) : '';
    show('error', [p(fix ? MESSAGES.VALIDATION_ERROR : MESSAGES[error.code] || FALLBACK), ...(fix ? [p(fix)] : []), trace(error.detail.traceId)]);
  }

  async function payByCard(attemptId) {
    const encrypted = await Gateway.encryptCard({
      publicKey: config.publicKey,
      holder: value('holder'),
      number: digits('cardNumber'),
      expMonth: value('expMonth'),
      expYear: value('expYear'),
      securityCode: digits('securityCode'),
    });
    if (encrypted.hasErrors) return show('error', [p('Confira os dados do cartão.'), p(markFields(encrypted.errors.map((e) => FIELDS[e.parameterName])))]);
    const auth = await authenticate(encrypted.encryptedCard);
    if (auth.status === 'CHANGE_PAYMENT_METHOD') {
      return show('error', [p('Seu banco não autorizou este cartão. Nada foi cobrado. Escolha outra forma de pagamento.')]);
    }
    if (auth.status === 'AUTH_NOT_SUPPORTED' && method() === 'DEBIT_CARD') {
      return show('error', [p('Este cartão de débito não pode ser usado nesta compra. Use um cartão de crédito ou boleto.')]);
    }
    const saveCard = form.elements.saveCard.checked;
    const result = await api('/api/orders', {
      method: method(),
      installments: Number(value('installments')),
      customer: customer(),
      address: address(),
      card: { encrypted: encrypted.encryptedCard },
      saveCard,
      threeDsId: auth.status === 'AUTH_FLOW_COMPLETED' ? auth.id : undefined,
      attemptId,
    });
    showOrder(result, saveCard);
  }

  async function pay(event) {
    event.preventDefault();
    const button = $('pay');
    button.disabled = true;
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    show('', [p('Processando…')]);
    // One id per attempt: the server sends it as the idempotency key, so a retry never charges twice.
    const attemptId = crypto.randomUUID();
    try {
      if (method() === 'BOLETO') showOrder(await api('/api/orders', { method: 'BOLETO', customer: customer(), address: address(), attemptId }));
      else await payByCard(attemptId);
    } catch (error) {
      showError(error);
    } finally {
      button.disabled = false;
    }
  }

  function onMethodChange() {
    const m = method();
    $('card-fields').hidden = m === 'BOLETO';
    // Debit is paid at once: one installment.
    if (m === 'DEBIT_CARD') form.elements.installments.value = '1';
    form.elements.installments.disabled = m === 'DEBIT_CARD';
    $('pay').textContent = m === 'BOLETO' ? 'Gerar boleto' : `Pagar ${brl(config.total)}`;
  }

  async function start() {
    config = await api('/api/config');
    const list = $('cart-items');
    for (const item of config.cart) {
      const li = document.createElement('li');
      li.append(Object.assign(document.createElement('span'), { textContent: `${item.quantity}× ${item.name}` }), Object.assign(document.createElement('span'), { textContent: brl(item.quantity * item.unit_amount) }));
      list.append(li);
    }
    $('cart-total').textContent = brl(config.total);
    $('test-card').addEventListener('change', (e) => {
      form.elements.cardNumber.value = e.target.value;
    });
    form.addEventListener('change', onMethodChange);
    form.addEventListener('submit', pay);
    onMethodChange();
    await newSession();
    form.dataset.ready = 'true';
  }

  start().catch(() => show('error', [p('Não foi possível carregar o checkout. Recarregue a página.')]));
})();
