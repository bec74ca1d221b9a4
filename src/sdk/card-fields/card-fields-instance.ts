// The hosted card fields' object as it lives once their code has loaded (gateway-fields.js, or a
// chunk of the npm builds): the options' remaining checks, the events and the state, the frames.
import { errorItem, INVALID_PARAMETER, type ErrorItem } from '../../core/error-item';
import type { Config } from '../config';
import { ErrorCode } from '../errors/error-code';
import type { GatewayError } from '../errors/gateway-error';
import type { Locale } from '../types';
import { styleProblems } from './card-field-style';
import type {
  CardFieldName,
  CardFields,
  CardFieldsCard,
  CardFieldsEncryptResult,
  CardFieldsEvents,
  CardFieldsOptions,
  CardFieldsState,
  CardFieldState,
} from './card-fields-types';
import { mountCardFields, unavailable, type MountedCardFields } from './mount-card-fields';

/** Which fields each container holds now: creating fields again in one destroys the old ones first. */
const mounted = new WeakMap<HTMLElement, () => void>();

/** What gateway.js hands over: the options it checked, the containers it found, and its own error and API call. */
export interface StartRequest {
  options: CardFieldsOptions;
  containers: Map<CardFieldName, HTMLElement>;
  config: Config;
  /** gateway.js's GatewayError (one class per page: `instanceof` holds), made with this instance's trace id. */
  error(code: ErrorCode, message: string, items?: ErrorItem[]): GatewayError;
  /** Asks the API where the field page is (GET /checkout-sdk/card-fields). */
  fieldUrl(): Promise<string>;
}

/** The fields' initial state, before any frame spoke: what gateway.js answers getState() with meanwhile. */
export const initialState = (names: readonly CardFieldName[]): CardFieldsState => ({
  fields: Object.fromEntries(
    names.map((name) => [name, { empty: true, complete: false, valid: false, potentiallyValid: true, focused: false }]),
  ),
  card: { brand: 'unknown' },
  complete: false,
});

export function startCardFields(request: StartRequest): CardFields {
  const { options: o, containers, config } = request;
  const names = [...containers.keys()];
  const items: ErrorItem[] = [];
  const bad = (name: string, rule: string) => items.push(errorItem(INVALID_PARAMETER, name, rule));
  for (const name of names) {
    const field = o.fields[name]!;
    for (const text of ['placeholder', 'label'] as const)
      if (field[text] !== undefined && (typeof field[text] !== 'string' || field[text].length > 100))
        bad(`fields.${name}.${text}`, 'must be a text of at most 100 characters');
  }
  for (const problem of styleProblems(o.style)) {
    const [name, ...rule] = problem.split(' ');
    bad(name!, rule.join(' '));
  }
  if (o.locale !== undefined && o.locale !== 'pt-BR' && o.locale !== 'en') bad('locale', 'must be "pt-BR" or "en"');
  if (o.showMessages !== undefined && typeof o.showMessages !== 'boolean') bad('showMessages', 'must be a boolean');
  const locale: Locale = o.locale ?? config.locale;

  const handlers = new Map<string, Set<(payload: never) => void>>();
  const states: Partial<Record<CardFieldName, CardFieldState>> = initialState(names).fields;
  let card: CardFieldsCard = { brand: 'unknown' };
  const state = (field?: CardFieldName): CardFieldsState => ({
    ...(field && { field }),
    fields: Object.fromEntries(names.map((name) => [name, { ...states[name]! }])),
    card: { ...card },
    complete: names.every((name) => states[name]?.valid),
  });
  const emit = <E extends keyof CardFieldsEvents>(event: E, payload: CardFieldsEvents[E]) => {
    for (const handler of [...(handlers.get(event) ?? [])]) {
      try {
        (handler as (p: CardFieldsEvents[E]) => void)(payload);
      } catch (error) {
        // A merchant's handler that throws must not stop the fields: reported as uncaught, like an event listener's.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };

  let destroyed = false;
  let mountedFields: MountedCardFields | undefined;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    mountedFields?.destroy();
    handlers.clear();
    for (const container of containers.values()) if (mounted.get(container) === destroy) mounted.delete(container);
  };
  for (const container of containers.values()) {
    mounted.get(container)?.();
    mounted.set(container, destroy);
  }

  // Refused options: no frame is made; the error event (after the merchant's on() calls) names each.
  const refused = items.length
    ? request.error(
        ErrorCode.VALIDATION_ERROR,
        `createCardFields: ${items.map((i) => i.description).join('; ')}`,
        items,
      )
    : undefined;
  const mounting: Promise<MountedCardFields | undefined> = refused
    ? Promise.reject(refused)
    : request.fieldUrl().then((fieldUrl) => {
        if (destroyed) return undefined;
        mountedFields = mountCardFields({
          options: o,
          containers,
          fieldUrl,
          locale,
          timeout: config.timeout,
          host: {
            emit,
            ready: () => emit('ready', state()),
            update(field, fieldState, fieldCard) {
              states[field] = fieldState;
              if (fieldCard) card = fieldCard;
              emit('change', state(field));
            },
          },
        });
        return mountedFields;
      });
  mounting.catch((error: GatewayError) => {
    // After the caller's on() calls, which run in the same task as createCardFields.
    setTimeout(() => {
      for (const field of names) if (!destroyed) emit('error', { field, error });
    });
  });

  return {
    on(event, handler) {
      if (destroyed) return;
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler as (payload: never) => void);
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler as (payload: never) => void);
    },
    getState: () => state(),
    focus: (field) => mountedFields?.focus(field),
    clear: (field) => mountedFields?.clear(field),
    destroy,
    async encrypt(encryptOptions): Promise<CardFieldsEncryptResult> {
      const fieldsNow = await mounting.catch(() => undefined);
      if (destroyed) return unavailable('number', 'The card fields were destroyed.');
      if (!fieldsNow) return unavailable('number', 'The card fields could not be shown: see the error event.');
      const holderName = encryptOptions?.holderName;
      return fieldsNow.encrypt(typeof holderName === 'string' ? holderName : undefined);
    },
  };
}
