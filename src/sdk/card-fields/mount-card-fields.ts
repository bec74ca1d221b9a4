// The page's side of the hosted card fields, loaded on the first createCardFields (gateway-fields.js
// in the script-tag build, a chunk of the npm builds): it frames the fields, hands them the ports
// they talk over (keeping none), relays their state and asks the number field to encrypt.
import { randomUuid } from '../../core/trace-id';
import { ErrorCode } from '../errors/error-code';
import { GatewayError } from '../errors/gateway-error';
import type { Locale } from '../types';
import {
  CARD_FIELDS_TAG,
  type Envelope,
  type FrameMessage,
  type InitMessage,
  type PageMessage,
} from './card-fields-protocol';
import type {
  CardFieldName,
  CardFieldsCard,
  CardFieldsEncryptResult,
  CardFieldsEvents,
  CardFieldsOptions,
  CardFieldState,
} from './card-fields-types';
import { FRAME_TITLES } from './frame-titles';

/**
 * The frame's height until it says its own (`size`, from the style): the default label, input and
 * two lines of message with the ring room, so with the default style nothing moves as it loads or speaks.
 */
const FIELD_HEIGHT_PX = 102;
/** Room for the focus ring around the input: the frame reaches this far past its container on each side. */
const RING_PX = 4;
/** The most a frame may ask to be: a label, a tall input and a message, not a page. */
const MAX_FIELD_HEIGHT_PX = 400;

/** What the stand-in (create-card-fields.ts) gives the mounted fields: where to report. */
interface CardFieldsHost {
  emit<E extends 'focus' | 'blur' | 'submit' | 'error'>(event: E, payload: CardFieldsEvents[E]): void;
  /** Every frame is usable; the host emits `ready` with the state. */
  ready(): void;
  /** A field's new state (and the card, from the number field); the host emits `change`. */
  update(field: CardFieldName, state: CardFieldState, card?: CardFieldsCard): void;
}

/** What mountCardFields needs: the checked options, the containers found, the field page's URL. */
export interface MountRequest {
  options: CardFieldsOptions;
  containers: Map<CardFieldName, HTMLElement>;
  fieldUrl: string;
  locale: Locale;
  /** setUp's timeout: how long the frames have to become usable, and the number field to encrypt. */
  timeout: number;
  host: CardFieldsHost;
}

/** The mounted fields, as the stand-in drives them. */
export interface MountedCardFields {
  focus(field: CardFieldName): void;
  clear(field: CardFieldName): void;
  destroy(): void;
  encrypt(holderName: string | undefined): Promise<CardFieldsEncryptResult>;
}

/** encrypt()'s answer when the fields cannot encrypt: what failed, named by field. */
export const unavailable = (field: CardFieldName | 'publicKey', why: string): CardFieldsEncryptResult => ({
  hasErrors: true,
  errors: [{ code: 'FIELDS_UNAVAILABLE', parameterName: field, message: why }],
});

export function mountCardFields(request: MountRequest): MountedCardFields {
  const { options, containers, locale, timeout, host } = request;
  const id = randomUuid();
  const url = new URL(request.fieldUrl);
  const fieldOrigin = url.origin;
  const names = [...containers.keys()];
  const frames = new Map<CardFieldName, HTMLIFrameElement>();
  const loaded = new Set<CardFieldName>();
  const ready = new Set<CardFieldName>();
  const broken = new Set<CardFieldName>();
  const pending = new Map<number, (result: CardFieldsEncryptResult) => void>();
  let requests = 0;
  let destroyed = false;
  let whenReady: (() => void) | undefined;
  const readyPromise = new Promise<void>((resolve) => {
    whenReady = resolve;
  });

  const fail = (field: CardFieldName, why: string) => {
    if (broken.has(field) || destroyed) return;
    broken.add(field);
    host.emit('error', {
      field,
      error: new GatewayError(ErrorCode.CARD_FIELDS_ERROR, `The ${field} card field ${why}.`, { traceId: id }),
    });
    whenReady?.();
  };

  const send = (field: CardFieldName, message: PageMessage, transfer: Transferable[] = []) =>
    frames
      .get(field)
      ?.contentWindow?.postMessage(
        { ...message, tag: CARD_FIELDS_TAG, id, field } as Envelope<PageMessage>,
        fieldOrigin,
        transfer,
      );

  /** Once every frame has loaded: the ports between the number field and each other field, handed over. */
  function initAll() {
    const peers = names.filter((name) => name !== 'number');
    const channels = peers.map(() => new MessageChannel());
    const base = (field: CardFieldName): InitMessage => {
      const given = options.fields[field];
      return {
        type: 'init',
        label: given?.label ?? '',
        // Left out: the frame's default placeholder for the locale.
        ...(given?.placeholder !== undefined && { placeholder: given.placeholder }),
        style: options.style ?? {},
        showMessages: options.showMessages !== false,
        locale,
      };
    };
    send(
      'number',
      { ...base('number'), publicKey: options.publicKey, peers },
      channels.map((c) => c.port1),
    );
    for (const [i, field] of peers.entries()) send(field, base(field), [channels[i]!.port2]);
    // Transferred: this page holds neither end of any channel now.
  }

  function onMessage(event: MessageEvent<Envelope<FrameMessage>>) {
    const data = event.data;
    if (event.origin !== fieldOrigin || data?.tag !== CARD_FIELDS_TAG || data.id !== id) return;
    const field = data.field;
    // From the frame this page made for that field, not from another window of the same origin.
    if (!frames.get(field) || frames.get(field)!.contentWindow !== event.source) return;
    if (data.type === 'loaded') {
      // A second load is a frame that reloaded (moved in the document): its value and ports are gone.
      if (loaded.has(field)) return fail(field, 'reloaded and lost its state: create the fields again');
      loaded.add(field);
      if (loaded.size === names.length) initAll();
    } else if (data.type === 'size') {
      const height = Number(data.height);
      if (Number.isFinite(height) && height > 0 && height <= MAX_FIELD_HEIGHT_PX)
        frames.get(field)!.style.height = `${Math.ceil(height)}px`;
    } else if (data.type === 'ready') {
      ready.add(field);
      if (ready.size === names.length) {
        clearTimeout(timer);
        whenReady?.();
        host.ready();
      }
    } else if (data.type === 'state') host.update(field, data.state, data.card);
    else if (data.type === 'encrypted') {
      pending.get(data.request)?.(data.result);
      pending.delete(data.request);
    } else host.emit(data.type, { field });
  }
  addEventListener('message', onMessage);

  for (const [field, container] of containers) {
    // Creating the fields again in the same container replaces the old frame.
    for (const old of container.querySelectorAll('iframe[data-gateway-card-field]')) old.remove();
    const frame = document.createElement('iframe');
    url.search = new URLSearchParams({ field, parent: location.origin, locale }).toString();
    // The instance id rides in the fragment: the frame reads it, no server sees it.
    url.hash = id;
    frame.src = url.href;
    frame.title = FRAME_TITLES[locale][field];
    frame.dataset.gatewayCardField = field;
    frame.setAttribute('scrolling', 'no');
    // CSSOM, not a style attribute: a page whose CSP has no 'unsafe-inline' allows it.
    // The input's edges are the container's: the frame reaches RING_PX past it, where the focus ring draws.
    // Moved up by `top`, not a negative top margin, which would collapse through the container's.
    Object.assign(frame.style, {
      display: 'block',
      position: 'relative',
      top: `-${RING_PX}px`,
      width: `calc(100% + ${2 * RING_PX}px)`,
      margin: `0 -${RING_PX}px -${2 * RING_PX}px`,
      height: `${FIELD_HEIGHT_PX}px`,
      border: '0',
      background: 'transparent',
      colorScheme: 'normal',
    });
    frames.set(field, frame);
    container.append(frame);
  }

  const timer = setTimeout(() => {
    for (const field of names) if (!ready.has(field)) fail(field, `did not load within ${timeout} ms`);
  }, timeout);

  return {
    focus: (field) => {
      // Focusing the frame first lets the browser move focus into it (WebKit needs it).
      frames.get(field)?.focus();
      send(field, { type: 'focus' });
    },
    clear: (field) => send(field, { type: 'clear' }),
    destroy() {
      destroyed = true;
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      for (const frame of frames.values()) frame.remove();
      frames.clear();
      for (const resolve of pending.values()) resolve(unavailable('number', 'The card fields were destroyed.'));
      pending.clear();
      whenReady?.();
    },
    async encrypt(holderName) {
      await readyPromise;
      if (destroyed) return unavailable('number', 'The card fields were destroyed.');
      const down = names.find((name) => broken.has(name));
      if (down) return unavailable(down, `The ${down} card field is not usable: it did not load or stopped answering.`);
      const request = ++requests;
      return new Promise<CardFieldsEncryptResult>((resolve) => {
        const timeoutTimer = setTimeout(() => {
          pending.delete(request);
          fail('number', `did not answer within ${timeout} ms`);
          resolve(unavailable('number', `The number card field did not answer within ${timeout} ms.`));
        }, timeout);
        pending.set(request, (result) => {
          clearTimeout(timeoutTimer);
          resolve(result);
        });
        send('number', { type: 'encrypt', request, ...(holderName !== undefined && { holderName }) });
      });
    },
  };
}
