// Loaded first by the engine suite's checkout pages (from the merchant's own origin, so a strict
// CSP allows it): records CSP violations from the start, and gives the suite the merchant's calls
// to the SDK as small functions, since each driver can only send expressions.
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI });
});

// Pages that play a browser without constructed stylesheets (Safari before 16.4) say so on the
// script tag: the property is hidden before the SDK loads.
if (document.currentScript && document.currentScript.dataset.noAdoptedStyleSheets !== undefined) {
  Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', { configurable: true, get: () => undefined });
}

const request = (o) => ({
  dataOnly: false,
  data: {
    customer: {
      name: o.name || 'Maria Silva',
      email: 'maria@example.com.br',
      phones: [{ country: '55', area: '11', number: '912345678', type: 'MOBILE' }],
    },
    paymentMethod: {
      type: o.type || 'CREDIT_CARD',
      installments: 1,
      card: o.card || { number: o.number, expMonth: 12, expYear: 2099, holder: { name: 'Maria Silva' } },
    },
    amount: { value: o.amount || 15000, currency: 'BRL' },
    billingAddress: {
      street: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      regionCode: 'SP',
      country: 'BRA',
      postalCode: '01310-100',
    },
  },
});

const outcome = (promise) =>
  promise.then(
    (result) => ({ ok: true, result }),
    (e) => ({ ok: false, error: { name: e.name, code: e.code, message: e.message, detail: e.detail } }),
  );

// The run's outcome, also kept as a plain value (window.__outcome) once settled: drivers poll it
// rather than hold a script open across frames being removed.
const track = (promise) => {
  window.__outcome = undefined;
  window.__settled = outcome(promise).then((o) => (window.__outcome = o));
};

/** Starts authenticate3DS without waiting; window.__settled holds its outcome. */
window.__start = (o) => {
  const G = window.Gateway;
  G.setUp({ session: o.session, env: 'SANDBOX' });
  const r = request(o);
  window.__statuses = [];
  r.onStatusChange = (status) => window.__statuses.push(status);
  if (o.abortable) {
    const controller = new AbortController();
    r.signal = controller.signal;
    window.__abort = () => controller.abort();
  }
  track(G.authenticate3DS(r));
  return true;
};

/** A second authenticate3DS while one runs: its outcome, and whether the first is still the one pending. */
window.__second = async (o) => {
  const first = window.__settled;
  const second = await outcome(window.Gateway.authenticate3DS(request(o)));
  return { second, firstStillPending: first === window.__settled };
};

/** encryptCard, read at once as pages written for the provider read it, then authenticate3DS with the encrypted card only. */
window.__startEncrypted = (o) => {
  const G = window.Gateway;
  G.setUp({ session: o.session, env: 'SANDBOX' });
  const sealed = G.encryptCard({
    publicKey: o.publicKey,
    holder: 'Maria Silva',
    number: o.number,
    expMonth: '12',
    expYear: '2099',
    securityCode: '123',
  });
  if (sealed.hasErrors) return { errors: sealed.errors };
  track(
    G.authenticate3DS(request({ ...o, card: { encrypted: sealed.encryptedCard, holder: { name: 'Maria Silva' } } })),
  );
  return { encrypted: sealed.encryptedCard, thenable: typeof sealed.then === 'function' };
};

/** What is left of the challenge in the page: frames, shadow hosts, dialogs, the root's overflow. */
window.__leftovers = () => {
  const hosts = [...document.querySelectorAll('body > div')].filter((d) => d.shadowRoot);
  return {
    frames: document.querySelectorAll('iframe').length,
    hosts: hosts.length,
    dialogs:
      document.querySelectorAll('dialog').length +
      hosts.reduce((n, h) => n + h.shadowRoot.querySelectorAll('dialog').length, 0),
    overflow: document.documentElement.style.overflow,
  };
};

/** The page's CSP violations after a canary (one inline script the CSP refuses): violations arrive in order. */
window.__violationsAfterCanary = () =>
  new Promise((resolve) => {
    const inline = document.createElement('script');
    inline.textContent = 'void 0';
    document.body.append(inline);
    const wait = () =>
      window.__violations.some((v) => v.blocked === 'inline') ? resolve(window.__violations) : setTimeout(wait, 20);
    wait();
  });
