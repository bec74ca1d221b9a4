// The example checkout page. Card data goes from this page to Gateway only: to the 3DS API
// (authenticate3DS) and, encrypted with the merchant's public key, to the merchant server.
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const form = $('checkout');
  const status = $('status');
  const brl = (cents) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
  let config;

  // What the shopper reads for each SDK error code: what happened and what to do.
  const MESSAGES = {
    VALIDATION_ERROR: 'Confira os dados destacados e tente de novo.',
    NETWORK_ERROR: 'Não conseguimos falar com o serviço de pagamento. Verifique sua conexão e tente de novo.',
    TIMEOUT: 'O serviço de pagamento demorou para responder. Tente de novo.',
    SERVER_ERROR: 'O serviço de pagamento está com instabilidade. Tente de novo em instantes.',
    INVALID_RESPONSE: 'O serviço de pagamento está com instabilidade. Tente de novo em instantes.',
    REQUEST_REJECTED: 'O pagamento foi recusado pelo serviço. Tente outro cartão.',
    SESSION_EXPIRED: 'Sua sessão de pagamento expirou. Tente de novo.',
    CHALLENGE_CANCELED: 'Você fechou a confirmação do banco. Nada foi cobrado.',
    CHALLENGE_NOT_OPENED: 'A confirmação do banco não foi aberta. Nada foi cobrado.',
    CHALLENGE_TIMEOUT: 'O tempo para confirmar no banco acabou. Nada foi cobrado; tente de novo.',
    CHALLENGE_FRAME_ERROR: 'Não foi possível abrir a página do seu banco. Tente de novo ou use outra forma de pagamento.',
    CHALLENGE_NOT_COMPLETED: 'A confirmação do banco não foi concluída. Nada foi cobrado.',
    ABORTED: 'O pagamento foi interrompido. Nada foi cobrado.',
    ALREADY_IN_PROGRESS: 'Seu pagamento já está em andamento. Aguarde.',
  };
  const FIELDS = {
    'data.customer.name': 'name',
    'data.customer.email': 'email',
    'data.customer.phones[0].number': 'phone',
    'data.customer.phones[0].area': 'phone',
    'data.paymentMethod.card.number': 'cardNumber',
    'data.paymentMethod.card.expMonth': 'expMonth',
    'data.paymentMethod.card.expYear': 'expYear',
    'data.paymentMethod.card.holder.name': 'holder',
    'data.billingAddress.postalCode': 'postalCode',
    'data.billingAddress.street': 'street',
    'data.billingAddress.number': 'number',
    'data.billingAddress.city': 'city',
    'data.billingAddress.regionCode': 'regionCode',
  };

  function show(kind, html) {
    status.innerHTML = '';
    const box = document.createElement('div');
    box.className = `result ${kind}`;
    box.append(...html);
    status.append(box);
  }
  const p = (text, className) => Object.assign(document.createElement('p'), { textContent: text, className: className || '' });

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

  function customer() {
    return { name: value('name'), email: value('email'), taxId: digits('taxId'), phone: digits('phone') };
  }
  function address() {
    return { street: value('street'), number: value('number'), complement: value('complement'), locality: value('locality'), city: value('city'), regionCode: value('regionCode').toUpperCase(), postalCode: digits('postalCode') };
  }

  function threeDsRequest() {
    const phone = digits('phone');
    const a = address();
    return {
      data: {
        customer: { name: value('name'), email: value('email'), phones: [{ country: '55', area: phone.slice(0, 2), number: phone.slice(2), type: 'MOBILE' }] },
        paymentMethod: {
          type: method(),
          installments: Number(value('installments')),
          card: { number: digits('cardNumber'), expMonth: value('expMonth'), expYear: value('expYear'), holder: { name: value('holder') } },
        },
        amount: { value: config.total, currency: 'BRL' },
        billingAddress: { street: a.street, number: a.number, complement: a.complement || undefined, city: a.city, regionCode: a.regionCode, country: 'BRA', postalCode: a.postalCode },
      },
      dataOnly: false,
      // Tell the shopper which bank will ask, then let them open the challenge.
      beforeChallenge: ({ brand, issuer, open }) => {
        $('bank-notice-text').textContent = `${issuer ? `O ${issuer}` : 'Seu banco'} (${brand.toUpperCase()}) vai pedir uma confirmação da compra.`;
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

  async function authenticate() {
    try {
      return await Gateway.authenticate3DS(threeDsRequest());
    } catch (error) {
      // Sessions last 30 minutes: get a new one and try once more.
      if (error instanceof Gateway.GatewayError && error.code === 'SESSION_EXPIRED') {
        await newSession();
        return Gateway.authenticate3DS(threeDsRequest());
      }
      throw error;
    }
  }

  function showOrder(result) {
    if (!result.ok) {
      const lines = (result.errors || []).map((e) => p(e.description));
      return show('error', [p('Não foi possível criar o pedido.'), ...lines, p(`Código de rastreio: ${result.traceId || '—'}`, 'trace')]);
    }
    if (result.boleto) {
      const link = Object.assign(document.createElement('a'), { href: result.boleto.pdf, textContent: 'Abrir o boleto (PDF)', target: '_blank', rel: 'noopener' });
      return show('success', [p('Pedido criado! Pague o boleto até o vencimento.'), p('Linha digitável:'), p(result.boleto.formattedBarcode, 'digits'), link, p(`Pedido ${result.orderId}`, 'trace')]);
    }
    if (result.chargeStatus === 'PAID' || result.chargeStatus === 'AUTHORIZED') {
      return show('success', [p('Pagamento aprovado! Obrigado pela compra.'), p(`Pedido ${result.orderId}`, 'trace')]);
    }
    show('error', [p('Pagamento recusado pelo banco. Tente outro cartão ou pague com boleto.'), p(result.message || '', 'trace')]);
  }

  function showError(error) {
    if (!(error instanceof Gateway.GatewayError)) {
      return show('error', [p('Algo deu errado. Tente de novo.')]);
    }
    for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    const items = error.detail.errorMessages.map((item) => {
      const field = form.elements[FIELDS[item.parameterName]];
      if (field) field.setAttribute('aria-invalid', 'true');
      return p(`${field ? field.closest('label').firstChild.textContent.trim() : item.parameterName}: ${item.description}`);
    });
    show('error', [p(MESSAGES[error.code] || 'Não foi possível concluir o pagamento.'), ...(error.code === 'VALIDATION_ERROR' ? items : []), p(`Código de rastreio: ${error.detail.traceId}`, 'trace')]);
  }

  async function pay(event) {
    event.preventDefault();
    const button = $('pay');
    button.disabled = true;
    show('', [p('Processando…')]);
    const attemptId = crypto.randomUUID ? crypto.randomUUID() : String(Date.now());
    try {
      if (method() === 'BOLETO') {
        return showOrder(await api('/api/orders', { method: 'BOLETO', customer: customer(), address: address(), attemptId }));
      }
      const auth = await authenticate();
      if (auth.status === 'CHANGE_PAYMENT_METHOD') {
        return show('error', [p('Seu banco não autorizou este cartão. Escolha outra forma de pagamento.')]);
      }
      if (auth.status === 'AUTH_NOT_SUPPORTED' && method() === 'DEBIT_CARD') {
        return show('error', [p('Este cartão de débito não pode ser usado nesta compra. Use um cartão de crédito ou boleto.')]);
      }
      const encrypted = await Gateway.encryptCard({
        publicKey: config.publicKey,
        holder: value('holder'),
        number: digits('cardNumber'),
        expMonth: value('expMonth'),
        expYear: value('expYear'),
        securityCode: digits('securityCode'),
      });
      if (encrypted.hasErrors) {
        return show('error', [p('Confira os dados do cartão.'), ...encrypted.errors.map((e) => p(e.message))]);
      }
      showOrder(
        await api('/api/orders', {
          method: method(),
          installments: Number(value('installments')),
          customer: customer(),
          address: address(),
          card: { encrypted: encrypted.encryptedCard },
          threeDsId: auth.status === 'AUTH_FLOW_COMPLETED' ? auth.id : undefined,
          attemptId,
        }),
      );
    } catch (error) {
      showError(error);
    } finally {
      button.disabled = false;
    }
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
    form.addEventListener('change', () => {
      $('card-fields').hidden = method() === 'BOLETO';
    });
    form.addEventListener('submit', pay);
    await newSession();
    form.dataset.ready = 'true';
  }

  start().catch(() => show('error', [p('Não foi possível carregar o checkout. Recarregue a página.')]));
})();
