// The messages of the hosted card fields (docs/card-fields.md#how-it-works). Page and frames talk
// with window.postMessage, each checking the other's origin and window; the frames talk among
// themselves over MessageChannel ports the page hands over at `init` and keeps none of. Nothing
// the page receives holds what the shopper typed: state, the brand, first 6 and last 4, ciphertext.
import type { CardBrand } from '../../core/card-brand';
import type { CardFieldName, CardFieldsCard, CardFieldsStyle, CardFieldState } from './card-fields-types';
import type { CardFieldsEncryptResult } from './card-fields-types';
import type { Locale } from '../types';

/** Every message carries this tag and the fields' instance id, so one page can host several sets. */
export const CARD_FIELDS_TAG = 'gateway-card-fields';

/** What the page sends to each frame once they have all loaded; `ports` (transferred) reach the other fields. */
export interface InitMessage {
  type: 'init';
  label: string;
  placeholder?: string;
  style: CardFieldsStyle;
  /** False: no room for the message, which only a screen reader hears (the page shows it). */
  showMessages: boolean;
  locale: Locale;
  /** Only to the number field: the key it encrypts with, fixed for the frame's life. */
  publicKey?: string;
  /** Only to the number field: the field each transferred port leads to, in order. */
  peers?: CardFieldName[];
}

/** Page to frame. */
export type PageMessage =
  | InitMessage
  | { type: 'focus' }
  | { type: 'clear' }
  | { type: 'encrypt'; request: number; holderName?: string };

/** Frame to page. */
export type FrameMessage =
  | { type: 'loaded' }
  | { type: 'ready' }
  /** The frame's height for its styled label, input and message, sent before `ready`. */
  | { type: 'size'; height: number }
  | { type: 'state'; state: CardFieldState; card?: CardFieldsCard }
  | { type: 'focus' | 'blur' | 'submit' }
  | { type: 'encrypted'; request: number; result: CardFieldsEncryptResult };

/** Number field to another field, over their port. */
export type PeerRequest = { type: 'brand'; brand: CardBrand } | { type: 'collect'; request: number };

/** Another field to the number field, over their port: its value, only ever to that port. */
export interface PeerValue {
  type: 'value';
  request: number;
  value: string;
  valid: boolean;
}

/** A message as posted: the tag, the instance and the field beside the payload. */
export type Envelope<M> = M & { tag: typeof CARD_FIELDS_TAG; id: string; field: CardFieldName };
