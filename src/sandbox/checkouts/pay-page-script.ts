/**
 * The checkout pay page's script (browser, built by rollup to dist/sandbox/checkout-pay.js and
 * served inline under the page's CSP). It reads the page's data, runs the hosted card fields and
 * 3-D Secure through the SDK's script-tag build (window.Gateway, as the example checkout does),
 * pays through the page's own endpoints (/pay/{id}/…) and shows the result: the card's outcome, the
 * Pix code (followed until paid) or the boleto. Never a module-level DOM read outside `run`.
 */

interface Plan {
  installments: number;
  installment_value: number;
  interest_free: boolean;
  amount: number;
}
interface PageData {
  checkoutId: string;
  total: number;
  methods: string[];
  plans: Plan[];
  askCustomer: boolean;
  payer?: { name: string; email: string; phone?: { area: string; number: string } };
  session?: string;
  publicKey?: string;
  redirectUrl?: string;
}
interface EncryptResult {
  hasErrors: boolean;
  encryptedCard?: string;
  errors?: Array<{ code: string; message: string; parameterName?: string }>;
}
interface CardFields {
  on(event: string, listener: (payload: unknown) => void): void;
  encrypt(options?: { holderName?: string }): Promise<EncryptResult>;
  focus(field: string): void;
}
interface GatewayGlobal {
  env: { SANDBOX: string };
  setUp(options: { session: string; env: string }): void;
  createCardFields(options: unknown): CardFields;
  authenticate3DS(request: unknown): Promise<{ status: string; id?: string; authenticationStatus?: string }>;
  GatewayError: new (...args: never[]) => Error & { code: string; detail: { traceId: string } };
}
interface ErrorItem {
  parameter_name: string;
  description: string;
}
interface Order {
  id: string;
  charges: Array<{
    status: string;
    payment_response?: { message?: string };
    payment_method: { boleto?: { formatted_barcode: string; due_date: string } };
    links: Array<{ media: string; href: string }>;
  }>;
  qr_codes: Array<{ id: string; text: string; links: Array<{ rel: string; href: string }> }>;
}

const brl = (cents: number) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
const digitsOf = (v: string) => v.replace(/\D/g, '');

/** Where each field the server names is on the page. */
const FIELD_OF: Record<string, string> = {
  'customer.name': 'name',
  'customer.email': 'email',
  'customer.tax_id': 'tax_id',
  'customer.phone.area': 'phone',
  'customer.phone.number': 'phone',
  'customer.phones[0].area': 'phone',
  'customer.phones[0].number': 'phone',
};

/** The card's fields (hosted in frames): their labels, and the element on the page that holds each. */
const CARD_FIELDS: Record<string, { label: string; container: string }> = {
  number: { label: 'Número do cartão', container: 'card-number-field' },
  expiry: { label: 'Validade', container: 'card-expiry-field' },
  securityCode: { label: 'CVV', container: 'card-cvv-field' },
};

/** A problem to show: a field of the page by its name, or one of the card's fields by its parameterName. */
type Problem = { field: string; message: string } | { card: string; message: string };

function run(): void {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
  const data = JSON.parse($('checkout-data')!.textContent ?? '{}') as PageData;
  const form = $<HTMLFormElement>('pay-form');
  if (!form) return;
  const result = $('pay-result')!;
  const progress = $('pay-progress')!;
  const summary = $('error-summary')!;
  const payButton = $<HTMLButtonElement>('pay-button')!;
  const base = `/pay/${encodeURIComponent(data.checkoutId)}`;
  const gateway = (window as unknown as { Gateway?: GatewayGlobal }).Gateway;
  let fields: CardFields | undefined;

  const value = (name: string) => {
    const el = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    return el ? el.value.trim() : '';
  };
  const method = () => value('method');
  const isCard = () => method() === 'CREDIT_CARD' || method() === 'DEBIT_CARD';
  const el = (tag: string, text = '', className = '') =>
    Object.assign(document.createElement(tag), { textContent: text, className });

  function update() {
    $('address')!.hidden = !(isCard() || method() === 'BOLETO');
    const card = $('card');
    if (card) card.hidden = !isCard();
    const installments = $('installments-label');
    if (installments) installments.hidden = method() !== 'CREDIT_CARD';
  }

  function busy(on: boolean, text = 'Processando o pagamento…') {
    payButton.disabled = on;
    // The method is read again along the way (the card, 3-D Secure, the payment): it holds still.
    const methods = form!.querySelector('fieldset.methods');
    if (methods instanceof HTMLFieldSetElement) methods.disabled = on;
    progress.textContent = on ? text : '';
  }

  function clearProblems() {
    summary.hidden = true;
    for (const n of form!.querySelectorAll('.field-error')) n.remove();
    for (const n of form!.querySelectorAll('[aria-invalid]')) {
      n.removeAttribute('aria-invalid');
      n.removeAttribute('aria-describedby');
    }
  }

  /**
   * Each problem beside its field and in the summary, in the page's order, whose links lead to the
   * fields (a card field's frame shows its own message; its link focuses the field inside the
   * frame); false when none is a field here.
   */
  function showProblems(problems: Problem[]): boolean {
    clearProblems();
    const found: Array<{ at: HTMLElement; item: HTMLElement }> = [];
    for (const problem of problems) {
      const link = el('a') as HTMLAnchorElement;
      let at: HTMLElement;
      if ('card' in problem) {
        const card = CARD_FIELDS[problem.card];
        const container = card && $(card.container);
        if (!card || !container || !fields) continue;
        at = container;
        link.textContent = `${card.label}: ${problem.message}`;
        link.href = `#${card.container}`;
        const name = problem.card;
        link.onclick = (event) => {
          event.preventDefault();
          fields!.focus(name);
        };
      } else {
        const input = form!.elements.namedItem(problem.field) as HTMLInputElement | null;
        if (!input || !(input instanceof HTMLElement) || input.hasAttribute('aria-invalid')) continue;
        at = input;
        const reason = el('p', problem.message, 'field-error');
        reason.id = `err-${problem.field}`;
        input.closest('label')!.after(reason);
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', reason.id);
        link.textContent = `${input.closest('label')!.querySelector('span')!.textContent}: ${problem.message}`;
        link.href = `#${input.id}`;
      }
      const item = el('li');
      item.append(link);
      found.push({ at, item });
    }
    if (!found.length) return false;
    found.sort((a, b) =>
      a.at === b.at ? 0 : a.at.compareDocumentPosition(b.at) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    $('error-summary-title')!.textContent =
      found.length === 1 ? 'Corrija 1 campo para continuar' : `Corrija ${found.length} campos para continuar`;
    $('error-summary-list')!.replaceChildren(...found.map((f) => f.item));
    summary.hidden = false;
    summary.focus();
    return true;
  }

  /** The result panel: `state` is its data-pay-result hook (PAID, WAITING, DECLINED, ERROR). */
  function show(state: string, kind: string, title: string, lines: Array<string | Node>) {
    result.hidden = false;
    result.dataset.payResult = state;
    result.className = `panel notice ${kind}`;
    result.replaceChildren(el('h2', title), ...lines.map((l) => (typeof l === 'string' ? el('p', l) : l)));
    result.focus();
  }

  function paid(order: Order) {
    form!.hidden = true;
    result.dataset.orderId = order.id;
    const lines: Array<string | Node> = ['Obrigado! A loja já recebeu a confirmação do pagamento.'];
    if (data.redirectUrl) {
      const link = el('a', 'Voltar para a loja') as HTMLAnchorElement;
      link.href = data.redirectUrl;
      lines.push(link);
    }
    show('PAID', 'success', 'Pagamento aprovado', lines);
    // The shopper goes back to the shop, as the provider's page sends them (docs/checkouts.md#the-pay-page).
    if (data.redirectUrl) setTimeout(() => location.assign(data.redirectUrl!), 1500);
  }

  const required = (): Problem[] => {
    const names = [
      ...(data.askCustomer ? ['name', 'email', 'tax_id'] : []),
      ...(isCard() && form.elements.namedItem('phone') ? ['phone'] : []),
      ...(isCard() || method() === 'BOLETO'
        ? ['postal_code', 'region_code', 'street', 'number', 'locality', 'city']
        : []),
    ];
    return names.filter((n) => !value(n)).map((field) => ({ field, message: 'Preencha este campo.' }));
  };

  const customer = () => {
    if (!data.askCustomer) return undefined;
    const phone = digitsOf(value('phone'));
    return {
      name: value('name'),
      email: value('email'),
      tax_id: value('tax_id'),
      ...(phone && { phone: { area: phone.slice(0, 2), number: phone.slice(2) } }),
    };
  };
  const address = () =>
    isCard() || method() === 'BOLETO'
      ? {
          street: value('street'),
          number: value('number'),
          ...(value('complement') && { complement: value('complement') }),
          locality: value('locality'),
          city: value('city'),
          region_code: value('region_code').toUpperCase(),
          postal_code: digitsOf(value('postal_code')),
        }
      : undefined;

  async function post(
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: Order & { error_messages?: ErrorItem[] } }> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return { status: res.status, json: await res.json() };
  }

  /** Pix: the QR code and its text, a sandbox-only button that pays it, and the page follows the order until paid. */
  function pix(order: Order) {
    const code = order.qr_codes[0]!;
    form!.hidden = true;
    result.dataset.orderId = order.id;
    const img = el('img', '', 'qr') as HTMLImageElement;
    img.src = code.links.find((l) => l.rel === 'QRCODE.PNG')!.href;
    img.alt = 'QR code Pix para pagar no app do seu banco';
    const text = el('p', code.text, 'digits');
    text.dataset.payPixCode = '';
    const copy = el('button', 'Copiar código Pix', 'secondary') as HTMLButtonElement;
    copy.type = 'button';
    const feedback = el('p');
    feedback.setAttribute('role', 'status');
    copy.onclick = () =>
      navigator.clipboard.writeText(code.text).then(
        () => (feedback.textContent = 'Código copiado: cole no app do seu banco, em Pix Copia e Cola.'),
        () => {
          getSelection()?.selectAllChildren(text);
          feedback.textContent = 'Não foi possível copiar sozinho: o código está selecionado.';
        },
      );
    const simulate = el('button', 'Simular pagamento', 'secondary') as HTMLButtonElement;
    simulate.type = 'button';
    simulate.dataset.paySimulate = '';
    simulate.onclick = async () => {
      simulate.disabled = true;
      const res = await post(`/orders/${order.id}/pix-payment`);
      if (res.status >= 300) simulate.disabled = false;
    };
    const sandbox = el('div', '', 'sandbox-only');
    sandbox.append(el('p', 'Só no ambiente de testes: paga este código como o banco faria.'), simulate);
    show('WAITING', '', 'Pague com Pix', [
      `Valor: ${brl(data.total)}. Abra o app do seu banco, escolha Pix e leia o QR code ou cole o código.`,
      img,
      text,
      copy,
      feedback,
      sandbox,
    ]);
    const follow = async () => {
      const res = await fetch(`${base}/orders/${order.id}`).catch(() => undefined);
      const now = res?.ok ? ((await res.json()) as Order) : undefined;
      if (now?.charges.some((c) => c.status === 'PAID')) return paid(now);
      setTimeout(follow, 2000);
    };
    setTimeout(follow, 1000);
  }

  function boleto(order: Order) {
    const charge = order.charges[0]!;
    const b = charge.payment_method.boleto!;
    form!.hidden = true;
    result.dataset.orderId = order.id;
    const due = new Date(`${b.due_date}T12:00:00Z`).toLocaleDateString('pt-BR', { timeZone: 'UTC' });
    const line = el('p', b.formatted_barcode, 'digits');
    line.dataset.payBoletoLine = '';
    const pdf = el('a', 'Abrir o boleto (PDF)') as HTMLAnchorElement;
    pdf.href = charge.links.find((l) => l.media === 'application/pdf')!.href;
    pdf.target = '_blank';
    pdf.rel = 'noopener';
    pdf.dataset.payBoletoPdf = '';
    const lines: Array<string | Node> = [
      `Pague ${brl(data.total)} até ${due} no app do seu banco ou em uma lotérica. Linha digitável:`,
      line,
      pdf,
    ];
    if (data.redirectUrl) {
      const back = el('a', 'Voltar para a loja') as HTMLAnchorElement;
      back.href = data.redirectUrl;
      lines.push(el('p'), back);
    }
    show('WAITING', 'success', 'Boleto gerado', lines);
  }

  /** Pays by card once every field is right: 3-D Secure, then what /payments takes (undefined: stopped and said why). */
  async function cardPayment(encryptedCard: string): Promise<unknown> {
    const plan = data.plans.find((p) => p.installments === Number(value('installments'))) ?? data.plans[0]!;
    const credit = method() === 'CREDIT_CARD';
    const c = customer() ?? data.payer!;
    const a = address()!;
    const typed = digitsOf(value('phone'));
    const phone = c.phone ?? (typed ? { area: typed.slice(0, 2), number: typed.slice(2) } : undefined);
    busy(true, 'Aguardando a confirmação do seu banco…');
    const auth = await gateway!.authenticate3DS({
      data: {
        customer: {
          name: c.name,
          email: c.email,
          phones: phone ? [{ country: '55', area: phone.area, number: phone.number, type: 'MOBILE' }] : [],
        },
        paymentMethod: {
          type: method(),
          installments: credit ? plan.installments : 1,
          card: { encrypted: encryptedCard },
        },
        amount: { value: credit ? plan.amount : data.total, currency: 'BRL' },
        billingAddress: {
          street: a.street,
          number: a.number,
          ...(a.complement && { complement: a.complement }),
          city: a.city,
          regionCode: a.region_code,
          country: 'BRA',
          postalCode: a.postal_code,
        },
      },
      dataOnly: false,
    });
    busy(true);
    if (auth.status === 'CHANGE_PAYMENT_METHOD' || (auth.status !== 'AUTH_FLOW_COMPLETED' && !credit)) {
      busy(false);
      show('DECLINED', 'error', 'Seu banco não autorizou este cartão', [
        'Nada foi cobrado. Use outro cartão ou outra forma de pagamento.',
      ]);
      return undefined;
    }
    return {
      encrypted: encryptedCard,
      ...(auth.id && { authentication_id: auth.id }),
      ...(credit && { installments: plan.installments }),
    };
  }

  async function pay(event: Event) {
    event.preventDefault();
    if (payButton.disabled) return;
    result.hidden = true;
    clearProblems();
    if (isCard() && !fields) {
      // The SDK's script did not load: no card can be read on this page.
      show('ERROR', 'error', 'Não foi possível carregar o pagamento com cartão', [
        'Nada foi cobrado. Recarregue a página, ou escolha outra forma de pagamento.',
      ]);
      return;
    }
    busy(true);
    // The card's fields are checked with the page's, so the summary lists every problem at once.
    // The holder is the name typed here, or the checkout's customer when the page asks none.
    const holderName = value('name') || data.payer?.name;
    const encrypted = isCard() ? await fields!.encrypt({ holderName }) : undefined;
    const problems = required();
    let badPayerName = false;
    for (const e of encrypted?.errors ?? []) {
      // A frame that stopped answering is nothing the shopper can fix in its field.
      if (e.code === 'FIELDS_UNAVAILABLE') continue;
      if (e.parameterName && e.parameterName in CARD_FIELDS)
        problems.push({ card: e.parameterName, message: e.message });
      else if (e.parameterName === 'holderName') {
        if (value('name')) problems.push({ field: 'name', message: e.message });
        else badPayerName = true;
      }
    }
    busy(false);
    if (showProblems(problems)) return;
    if (encrypted && !encrypted.encryptedCard) {
      show(
        'ERROR',
        'error',
        'Não foi possível ler o cartão',
        badPayerName
          ? // The merchant's customer name (over 64 characters, say) is not one a card carries.
            [
              `Nada foi cobrado. O nome ${data.payer?.name ?? ''} não serve como titular de cartão: escolha outra forma de pagamento.`,
            ]
          : ['Nada foi cobrado. Recarregue a página e tente de novo, ou escolha outra forma de pagamento.'],
      );
      return;
    }
    busy(true);
    try {
      const card = encrypted?.encryptedCard ? await cardPayment(encrypted.encryptedCard) : undefined;
      if (isCard() && !card) return;
      const res = await post('/payments', { method: method(), customer: customer(), address: address(), card });
      busy(false);
      if (res.status === 400) {
        const items = res.json.error_messages ?? [];
        const problems = items.map((e) => ({
          // The page's address, or the boleto holder's made from it: the same field here.
          field: FIELD_OF[e.parameter_name] ?? e.parameter_name.replace(/^(?:.*\.)?(?:address|customer)\./, ''),
          message: 'Confira este campo.',
        }));
        if (showProblems(problems)) return;
      }
      if (res.status >= 300)
        return show('ERROR', 'error', 'Não foi possível concluir o pagamento', [
          res.json.error_messages?.[0]?.description ?? 'Tente de novo em instantes.',
        ]);
      const order = res.json;
      if (order.qr_codes.length) return pix(order);
      const charge = order.charges[0]!;
      if (charge.payment_method.boleto) return boleto(order);
      if (charge.status === 'PAID' || charge.status === 'AUTHORIZED') return paid(order);
      result.dataset.orderId = order.id;
      show('DECLINED', 'error', 'Pagamento recusado', [
        'O banco emissor recusou este pagamento. Nada foi cobrado: use outro cartão ou outra forma de pagamento.',
      ]);
    } catch (error) {
      busy(false);
      const traceId = gateway && error instanceof gateway.GatewayError ? error.detail.traceId : undefined;
      show('ERROR', 'error', 'Não foi possível concluir o pagamento', [
        'Nada foi cobrado. Tente de novo.',
        ...(traceId ? [`Código para o atendimento: ${traceId}`] : []),
      ]);
    }
  }

  form.addEventListener('change', update);
  form.addEventListener('submit', pay);
  update();
  if (gateway && data.session && data.publicKey) {
    gateway.setUp({ session: data.session, env: gateway.env.SANDBOX });
    fields = gateway.createCardFields({
      publicKey: data.publicKey,
      fields: Object.fromEntries(
        Object.entries(CARD_FIELDS).map(([name, { label, container }]) => [
          name,
          { container: `#${container}`, label },
        ]),
      ),
      // The page's own inputs and labels, measure for measure (pay-page-styles.ts: 16 px text at
      // line height 1.5, 8 px by 10 px of padding, a 1 px border, a 3 px focus ring 2 px out, a
      // regular 0.9rem label 2 px above), so the card's fields cannot be told from the others.
      style: {
        base: {
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
          fontSize: '16px',
          lineHeight: '24px',
          color: '#1b1f24',
          padding: '8px 10px',
          height: '42px',
          borderColor: '#8c959f',
          borderWidth: '1px',
          borderRadius: '6px',
        },
        focus: { outlineStyle: 'solid', outlineWidth: '3px', outlineColor: '#0a5ad4', outlineOffset: '2px' },
        invalid: { borderColor: '#b3261e' },
        label: { fontSize: '14.4px', fontWeight: '400', lineHeight: '21.6px', marginBottom: '2px' },
        message: { color: '#b3261e', fontSize: '14.4px', lineHeight: '21.6px' },
      },
    });
    fields.on('submit', () => form.requestSubmit());
    fields.on('ready', () => {
      form.dataset.ready = 'true';
    });
  } else form.dataset.ready = 'true';
}

run();
