import { errorItem, INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { randomUuid } from '../../core/trace-id';
import { getConfig } from '../config';
import { ErrorCode } from '../errors/error-code';
import { GatewayError } from '../errors/gateway-error';
import { callApi } from '../transport';
import type { CardFieldName, CardFields, CardFieldsOptions, CardFieldsState } from './card-fields-types';
import { loadCardFields } from './import-card-fields-module';

/**
 * Hosts the card number, expiry, security code (and, if you want, the holder's name) in frames of
 * the gateway's origin, so the card never passes through your page: your page gets state and, from
 * {@link CardFields.encrypt}, the encrypted card for `authenticate3DS` and POST /orders (PCI DSS
 * SAQ A). Call it after {@link setUp}. Throws a {@link GatewayError}: `NOT_SET_UP` before setUp,
 * `VALIDATION_ERROR` naming `publicKey` or a field's `container` (`fields.number.container`). The
 * other options (`style`, labels, `locale`) are checked once the fields' code has loaded: a refused
 * one is an `error` event with code `VALIDATION_ERROR` naming it, and no field is shown. See
 * docs/card-fields.md.
 *
 * @example
 * ```ts
 * import { createCardFields } from '@gateway/sdk';
 * const fields = createCardFields({
 *   publicKey,
 *   fields: { number: { container: '#card-number' }, expiry: { container: '#card-expiry' }, securityCode: { container: '#card-cvv' } },
 * });
 * fields.on('change', (state) => console.log(state.card.brand, state.complete));
 * const card = await fields.encrypt({ holderName: 'Maria Silva' });
 * if (!card.hasErrors) console.log(card.encryptedCard); // send it as card.encrypted
 * ```
 */
export function createCardFields(options: CardFieldsOptions): CardFields {
  const traceId = randomUuid();
  const error = (code: ErrorCode, message: string, errorMessages?: ErrorItem[]) =>
    new GatewayError(code, message, { httpStatus: errorMessages ? 400 : 0, traceId, errorMessages });
  if (typeof document === 'undefined')
    throw error(ErrorCode.BROWSER_REQUIRED, 'createCardFields needs a browser page.');
  const config = getConfig();
  if (!config) throw error(ErrorCode.NOT_SET_UP, 'Call Gateway.setUp({ session, env }) before createCardFields.');
  const o = Object(options) as CardFieldsOptions;
  const items: ErrorItem[] = [];
  if (typeof o.publicKey !== 'string' || !o.publicKey.trim())
    items.push(errorItem(REQUIRED_PARAMETER, 'publicKey', 'is required: your key from POST /public-keys'));
  const containers = new Map<CardFieldName, HTMLElement>();
  for (const name of ['number', 'expiry', 'securityCode', 'holderName'] as const) {
    const given = o.fields?.[name];
    if (!given && name === 'holderName') continue;
    let element: unknown = given?.container;
    try {
      if (typeof element === 'string') element = document.querySelector(element);
    } catch {}
    if (element instanceof HTMLElement && ![...containers.values()].includes(element)) containers.set(name, element);
    else
      items.push(
        errorItem(
          given?.container ? INVALID_PARAMETER : REQUIRED_PARAMETER,
          `fields.${name}.container`,
          'must be an element, or a CSS selector of one, holding no other field',
        ),
      );
  }
  if (items.length)
    throw error(ErrorCode.VALIDATION_ERROR, `createCardFields: ${items.map((i) => i.description).join('; ')}`, items);

  // What the fields' code does once it has loaded (card-fields-instance.ts); until then, calls wait for it.
  const early: [string, never][] = [];
  let real: CardFields | undefined;
  let gone = false;
  const started = loadCardFields().then(
    (code) => {
      if (gone) return undefined;
      real = code.startCardFields({
        options: o,
        containers,
        config,
        error,
        fieldUrl: () =>
          callApi<{ field_url: string }>({ ...config, method: 'GET', path: '/checkout-sdk/card-fields', traceId }).then(
            (answer) => answer.field_url,
          ),
      });
      for (const [event, handler] of early) real.on(event as 'error', handler);
      return real;
    },
    (cause: unknown) => {
      const failure = new GatewayError(
        ErrorCode.CARD_FIELDS_ERROR,
        'The card fields code (gateway-fields.js) could not be loaded: serve it next to gateway.js and allow it in CSP script-src.',
        { traceId },
        { cause },
      );
      for (const [event, handler] of early)
        if (event === 'error')
          for (const field of containers.keys()) (handler as CardFieldsOnError)({ field, error: failure });
      return undefined;
    },
  );
  return {
    on: (event, handler) => (real ? real.on(event, handler) : void early.push([event, handler as never])),
    off(event, handler) {
      real?.off(event, handler);
      const at = early.findIndex(([e, h]) => e === event && h === handler);
      if (at >= 0) early.splice(at, 1);
    },
    // Until the fields' code has arrived no field has a state yet.
    getState: (): CardFieldsState => real?.getState() ?? { fields: {}, card: { brand: 'unknown' }, complete: false },
    focus: (field) => real?.focus(field),
    clear: (field) => real?.clear(field),
    destroy() {
      gone = true;
      early.length = 0;
      real?.destroy();
    },
    encrypt: (encryptOptions) =>
      started.then((fields) =>
        fields && !gone
          ? fields.encrypt(encryptOptions)
          : {
              hasErrors: true,
              errors: [
                {
                  code: 'FIELDS_UNAVAILABLE',
                  parameterName: 'number',
                  message: 'The card fields could not be loaded, or were destroyed.',
                },
              ],
            },
      ),
  };
}

type CardFieldsOnError = (payload: { field: CardFieldName; error: GatewayError }) => void;
