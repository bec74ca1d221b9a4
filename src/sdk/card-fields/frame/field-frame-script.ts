// Script of one hosted card field's frame (GET /card-fields/field on the challenge origin), a
// browser IIFE the sandbox puts inline in the page. The input, its formatting and verdicts live
// here; what the shopper typed leaves this frame only over the port to the number field's frame,
// and from there only encrypted (docs/card-fields.md#how-it-works).
import type { CardBrand } from '../../../core/card-brand';
import { holderNameRule } from '../../../core/field-rules';
import { encryptCard, type EncryptCardErrorCode } from '../../encrypt-card';
import type { Locale } from '../../types';
import {
  cssName,
  isHttpsUrl,
  STYLE_PROPERTIES,
  STYLE_STATES,
  TEXT_STYLE_PROPERTIES,
  unsafeStyleValue,
} from '../card-field-style';
import {
  CARD_FIELDS_TAG,
  type Envelope,
  type FrameMessage,
  type InitMessage,
  type PageMessage,
  type PeerRequest,
  type PeerValue,
} from '../card-fields-protocol';
import type { CardFieldName, CardFieldsError, CardFieldState } from '../card-fields-types';
import {
  caretAfterFormat,
  cardNumberVerdict,
  expiryVerdict,
  formatCardNumber,
  formatExpiry,
  formatSecurityCode,
  onlyDigits,
  parseExpiry,
  securityCodeVerdict,
  type FieldVerdict,
} from './card-input-rules';
import { FIELD_TEXTS } from './field-texts';

const root = document.documentElement;
// The server checked these: the page's origin (also this page's CSP frame-ancestors) and the field.
const parentOrigin = root.dataset.parent ?? '';
const field = root.dataset.field as CardFieldName;
let locale = (root.dataset.locale as Locale) ?? 'pt-BR';
// The instance id the page put in the fragment: never sent to any server.
const id = location.hash.slice(1);
const post = (message: FrameMessage) =>
  window.parent.postMessage({ ...message, tag: CARD_FIELDS_TAG, id, field } as Envelope<FrameMessage>, parentOrigin);

// What each field's input is: the autofill token browsers fill cards by, and a numeric keyboard.
const INPUTS: Record<CardFieldName, Record<string, string>> = {
  number: { autocomplete: 'cc-number', inputmode: 'numeric', name: 'cardnumber' },
  expiry: { autocomplete: 'cc-exp', inputmode: 'numeric', name: 'exp-date' },
  securityCode: { autocomplete: 'cc-csc', inputmode: 'numeric', name: 'cvc' },
  holderName: { autocomplete: 'cc-name', name: 'ccname', autocapitalize: 'characters' },
};

const label = document.createElement('label');
const input = document.createElement('input');
const message = document.createElement('p');
label.htmlFor = input.id = 'field';
label.id = 'label';
message.id = 'message';
// Announced when it changes; the input names it as its description.
message.setAttribute('aria-live', 'polite');
input.setAttribute('aria-describedby', 'message');
input.type = 'text';
input.spellcheck = false;
input.setAttribute('autocorrect', 'off');
input.dataset.gatewayInput = field;
for (const [name, value] of Object.entries(INPUTS[field])) input.setAttribute(name, value);
document.body.append(label, input, message);

// The frame's look: rules inserted through the CSSOM into the page's one (hashed) stylesheet, which
// the frame's CSP allows; the merchant's declarations only through setProperty, one allowed property at a time.
const sheet = document.styleSheets[0] as CSSStyleSheet;
const rule = (selector: string): CSSStyleDeclaration => {
  const index = sheet.insertRule(`${selector}{}`, sheet.cssRules.length);
  return (sheet.cssRules[index] as CSSStyleRule).style;
};
for (const text of [
  'html,body{margin:0;background:transparent;overflow:hidden}',
  // The padding is the room of the focus ring: the page's side (mount-card-fields.ts) lets the frame
  // reach as far past its container, so the input's edges are the container's.
  'body{box-sizing:border-box;padding:4px;font:16px/1.25 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328}',
  'label{display:block;margin:0 0 2px;font-size:14px;line-height:20px;font-weight:600;' +
    'white-space:nowrap;overflow:hidden;text-overflow:ellipsis}',
  'input{display:block;box-sizing:border-box;width:100%;height:42px;margin:0;padding:0 12px;font:inherit;' +
    'color:inherit;background:#fff;border:1px solid #767c85;border-radius:6px}',
  'input:focus{outline:2px solid #0b57d0;outline-offset:1px}',
  'input.invalid{border-color:#b3261e}',
  'p{margin:2px 0 0;height:28px;font-size:12px;line-height:14px;color:#b3261e;overflow:hidden}',
])
  sheet.insertRule(text, sheet.cssRules.length);

const SELECTORS: Record<(typeof STYLE_STATES)[number], string> = {
  base: 'input',
  focus: 'input:focus',
  valid: 'input.valid',
  invalid: 'input.invalid',
  placeholder: 'input::placeholder',
};

/** The merchant's declarations on `target`, those of `allowed` only (checked by the SDK already; again here, where it matters). */
function declare(target: CSSStyleDeclaration, declarations: object | undefined, allowed: readonly string[]) {
  for (const [property, value] of Object.entries(declarations ?? {}))
    if (allowed.includes(property) && !unsafeStyleValue(value)) target.setProperty(cssName(property), value);
}

function applyStyle(style: InitMessage['style'], showMessages: boolean) {
  for (const state of STYLE_STATES) {
    if (style[state]) declare(rule(SELECTORS[state]), style[state], STYLE_PROPERTIES);
  }
  // The label and message follow the base's font and colour, then their own style.
  declare(rule('label,p'), { fontFamily: style.base?.fontFamily, color: style.base?.color }, ['fontFamily', 'color']);
  declare(rule('label'), style.label, TEXT_STYLE_PROPERTIES.label);
  declare(rule('p'), style.message, TEXT_STYLE_PROPERTIES.message);
  const room = rule('p');
  if (showMessages) {
    // Two lines of message, whatever its line height: nothing moves when one appears.
    const line = Number.parseFloat(getComputedStyle(message).lineHeight);
    if (Number.isFinite(line)) room.setProperty('height', `${2 * line}px`);
  } else {
    // The page shows the message: here it only takes no room, and is still the input's description.
    room.cssText =
      'position:absolute;width:1px;height:1px;margin:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap';
  }
  for (const font of style.fonts ?? []) {
    if (!isHttpsUrl(font.src) || unsafeStyleValue(font.family)) continue;
    const face = new FontFace(font.family, `url(${JSON.stringify(font.src)})`, {
      weight: font.weight ?? 'normal',
      style: font.style ?? 'normal',
    });
    // Loaded whole and at once, whatever is typed: a font's loading can tell nothing about the value.
    document.fonts.add(face);
    face.load().catch(() => {});
  }
}

// The field's life.
let brand: CardBrand = 'unknown';
let shown = false;
let initialised = false;
/** The number field's ports to the others, by field; another field's one port to the number field. */
const peers = new Map<CardFieldName, MessagePort>();
let publicKey = '';

function verdict(): FieldVerdict {
  const value = input.value;
  if (field === 'number') return cardNumberVerdict(onlyDigits(value));
  if (field === 'expiry') return expiryVerdict(value, new Date());
  if (field === 'securityCode') return securityCodeVerdict(value, brand);
  const name = value.trim().replace(/\s+/g, ' ');
  const valid = holderNameRule.test(name);
  return {
    empty: name === '',
    complete: valid,
    valid,
    potentiallyValid: valid || /^[\p{L}\p{M}'’. -]{0,63}$/u.test(name),
    problem: valid ? undefined : name === '' ? 'required' : name.length < 2 ? 'incomplete' : 'invalid',
  };
}

/** Shows the verdict (only once the field was left, or it cannot become valid) and tells the page. */
function update() {
  const v = verdict();
  const show = !v.valid && (shown || !v.potentiallyValid) && v.problem !== undefined;
  const text = show ? FIELD_TEXTS[locale][field].messages[v.problem!] : '';
  input.classList.toggle('invalid', show);
  input.classList.toggle('valid', v.valid);
  if (show) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  if (message.textContent !== text) message.textContent = text;
  const state: CardFieldState = {
    empty: v.empty,
    complete: v.complete,
    valid: v.valid,
    potentiallyValid: v.potentiallyValid,
    focused: document.activeElement === input,
    ...(text && { message: text }),
  };
  if (field !== 'number') return post({ type: 'state', state });
  const digits = onlyDigits(input.value);
  post({
    type: 'state',
    state,
    // The BIN once six digits are typed; the last four only of a valid number (of a number still
    // being typed they would tell every digit in turn).
    card: {
      brand: cardNumberVerdict(digits).brand,
      ...(digits.length >= 6 && { firstDigits: digits.slice(0, 6) }),
      ...(v.valid && { lastDigits: digits.slice(-4) }),
    },
  });
}

/** Formats what is in the input, keeping the caret after the same digit. */
function format(deleting: boolean) {
  const before = input.value;
  let after = before;
  if (field === 'number') {
    const formatted = formatCardNumber(before);
    after = formatted.formatted;
    if (formatted.brand !== brand) {
      brand = formatted.brand;
      // The security code's length follows the brand.
      peers.get('securityCode')?.postMessage({ type: 'brand', brand } satisfies PeerRequest);
    }
  } else if (field === 'expiry') after = formatExpiry(before, deleting);
  else if (field === 'securityCode') after = formatSecurityCode(before, brand);
  else after = before.replace(/[^\p{L}\p{M}'’. -]/gu, '').slice(0, 64);
  if (after === before) return;
  const caret = input.selectionStart ?? before.length;
  input.value = after;
  if (document.activeElement === input) {
    const at = caretAfterFormat(before, caret, after);
    input.setSelectionRange(at, at);
  }
}

input.addEventListener('input', (event) => {
  format((event as InputEvent).inputType?.startsWith('delete') ?? false);
  // Emptied: the shopper starts over, and the field is quiet again until left.
  if (!input.value) shown = false;
  update();
});
input.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  post({ type: 'submit' });
});
input.addEventListener('focus', () => {
  post({ type: 'focus' });
  update();
});
input.addEventListener('blur', () => {
  // Left with something typed: from now on its verdict shows. An empty field stays quiet until encrypt().
  if (input.value) shown = true;
  post({ type: 'blur' });
  update();
});

/** Another field's answer to `collect`, over its port: its value goes to the number field only. */
function answerPeer(port: MessagePort) {
  port.onmessage = (event: MessageEvent<PeerRequest>) => {
    const data = event.data;
    if (data?.type === 'brand') {
      brand = data.brand;
      format(false);
      update();
    } else if (data?.type === 'collect') {
      shown = true;
      update();
      const v = verdict();
      port.postMessage({
        type: 'value',
        request: data.request,
        value: input.value,
        valid: v.valid,
      } satisfies PeerValue);
    }
  };
}

const ERROR_CODES: Record<CardFieldName, EncryptCardErrorCode> = {
  number: 'INVALID_NUMBER',
  expiry: 'INVALID_EXPIRATION_MONTH',
  securityCode: 'INVALID_SECURITY_CODE',
  holderName: 'INVALID_HOLDER',
};
const FIELD_OF: Partial<Record<EncryptCardErrorCode, CardFieldName>> = {
  INVALID_NUMBER: 'number',
  INVALID_SECURITY_CODE: 'securityCode',
  INVALID_EXPIRATION_MONTH: 'expiry',
  INVALID_EXPIRATION_YEAR: 'expiry',
  INVALID_HOLDER: 'holderName',
};
/** How long the other fields have to answer the number field before encrypt() names them unavailable. */
const COLLECT_TIMEOUT_MS = 5000;

/** The value of another field, over its port; undefined when it does not answer. */
function collect(name: CardFieldName, request: number): Promise<PeerValue | undefined> {
  const port = peers.get(name);
  if (!port) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), COLLECT_TIMEOUT_MS);
    port.addEventListener('message', function answer(event: MessageEvent<PeerValue>) {
      if (event.data?.type !== 'value' || event.data.request !== request) return;
      clearTimeout(timer);
      port.removeEventListener('message', answer);
      resolve(event.data);
    });
    port.start();
    port.postMessage({ type: 'collect', request } satisfies PeerRequest);
  });
}

/** The number field's encrypt: the values gathered over the ports, checked, encrypted with the key of init. */
async function encrypt(request: number, holderGiven: string | undefined) {
  shown = true;
  update();
  const texts = FIELD_TEXTS[locale];
  const errors: CardFieldsError[] = [];
  const problem = (name: CardFieldName, v: FieldVerdict | undefined) => {
    if (!v || v.valid) return;
    errors.push({
      code: ERROR_CODES[name],
      parameterName: name,
      message: texts[name].messages[v.problem ?? 'invalid'],
    });
  };
  const [expiry, securityCode, holder] = await Promise.all(
    (['expiry', 'securityCode', 'holderName'] as const).map((name) => collect(name, request)),
  );
  const number = onlyDigits(input.value);
  problem('number', verdict());
  for (const [name, answer] of [
    ['expiry', expiry],
    ['securityCode', securityCode],
  ] as const) {
    if (!answer)
      errors.push({
        code: 'FIELDS_UNAVAILABLE',
        parameterName: name,
        message: `The ${name} field's frame did not answer: create the fields again.`,
      });
    else if (!answer.valid)
      problem(
        name,
        name === 'expiry' ? expiryVerdict(answer.value, new Date()) : securityCodeVerdict(answer.value, brand),
      );
  }
  const holderName = peers.has('holderName') ? holder?.value : holderGiven;
  if (peers.has('holderName') && !holder)
    errors.push({
      code: 'FIELDS_UNAVAILABLE',
      parameterName: 'holderName',
      message: "The holderName field's frame did not answer: create the fields again.",
    });
  else if (!holderNameRule.test((holderName ?? '').trim().replace(/\s+/g, ' ')))
    errors.push({
      code: 'INVALID_HOLDER',
      parameterName: 'holderName',
      message: texts.holderName.messages[holderName?.trim() ? 'invalid' : 'required'],
    });
  if (errors.length) return post({ type: 'encrypted', request, result: { hasErrors: true, errors } });

  const date = parseExpiry(expiry!.value)!;
  // The same function as Gateway.encryptCard: one format, one set of checks (src/sdk/encrypt-card.ts).
  const result = await encryptCard({
    publicKey,
    holder: holderName!,
    number,
    expMonth: date.month,
    expYear: date.year,
    securityCode: securityCode!.value,
  });
  if (result.hasErrors) {
    const seen = new Set<string>();
    const mapped: CardFieldsError[] = [];
    for (const e of result.errors) {
      const name = FIELD_OF[e.code];
      const key = name ?? 'publicKey';
      if (seen.has(key)) continue;
      seen.add(key);
      mapped.push({ code: e.code, parameterName: key, message: name ? texts[name].messages.invalid : e.message });
    }
    return post({ type: 'encrypted', request, result: { hasErrors: true, errors: mapped } });
  }
  post({
    type: 'encrypted',
    request,
    result: {
      hasErrors: false,
      encryptedCard: result.encryptedCard,
      card: {
        brand: cardNumberVerdict(number).brand,
        firstDigits: number.slice(0, 6),
        lastDigits: number.slice(-4),
        expMonth: date.month,
        expYear: date.year,
      },
      errors: [],
    },
  });
}

function init(data: InitMessage, ports: readonly MessagePort[]) {
  initialised = true;
  locale = data.locale === 'en' ? 'en' : 'pt-BR';
  root.lang = locale;
  label.textContent = data.label || FIELD_TEXTS[locale][field].label;
  input.placeholder = data.placeholder ?? FIELD_TEXTS[locale][field].placeholder;
  applyStyle(data.style ?? {}, data.showMessages !== false);
  // The height the styled label, input and message take, so the page sizes the frame to it.
  post({ type: 'size', height: document.body.getBoundingClientRect().height });
  if (field === 'number') {
    // Fixed for this frame's life: a later script of the page cannot have the card encrypted with another key.
    publicKey = String(data.publicKey ?? '');
    (data.peers ?? []).forEach((name, i) => {
      if (ports[i]) peers.set(name, ports[i]);
    });
  } else if (ports[0]) answerPeer(ports[0]);
  post({ type: 'ready' });
  update();
}

// Commands come from the page that framed this one, from its origin, for this instance only.
addEventListener('message', (event: MessageEvent<Envelope<PageMessage>>) => {
  const data = event.data;
  if (event.source !== window.parent || event.origin !== parentOrigin) return;
  if (data?.tag !== CARD_FIELDS_TAG || data.id !== id || data.field !== field) return;
  if (data.type === 'init') {
    // Once: the ports of a second init would let another script of the page collect the values.
    if (!initialised) init(data, event.ports);
  } else if (!initialised) return;
  else if (data.type === 'focus') input.focus();
  else if (data.type === 'clear') {
    input.value = '';
    shown = false;
    format(false);
    update();
  } else if (data.type === 'encrypt' && field === 'number') void encrypt(data.request, data.holderName);
});

post({ type: 'loaded' });
