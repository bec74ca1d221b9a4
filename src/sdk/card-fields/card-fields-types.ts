import type { CardBrand } from '../../core/card-brand';
import type { EncryptCardErrorCode } from '../encrypt-card';
import type { GatewayError } from '../errors/gateway-error';
import type { Locale } from '../types';

/** The fields {@link createCardFields} can host: `holderName` is optional. */
export type CardFieldName = 'number' | 'expiry' | 'securityCode' | 'holderName';

/** Where one field goes and what it says. */
export interface CardFieldOptions {
  /** The element the field's frame fills (its whole width), or a CSS selector of it. */
  container: string | HTMLElement;
  /** Placeholder of the input. Defaults: `0000 0000 0000 0000`, `MM/AA` (`MM/YY` in English), `123`, none. */
  placeholder?: string;
  /** The input's visible label. Default: the field's name in the locale (e.g. `Número do cartão`). */
  label?: string;
}

/**
 * CSS declarations for one state of the inputs, camelCase (`fontSize: '16px'`). Only these
 * properties are allowed; any other key, or a value with `url(`, `;`, `{`, `}`, `<` or `\`, is
 * refused by createCardFields with the key named.
 */
export interface CardFieldStyle {
  color?: string;
  backgroundColor?: string;
  borderColor?: string;
  borderWidth?: string;
  borderStyle?: string;
  borderRadius?: string;
  boxShadow?: string;
  caretColor?: string;
  fontFamily?: string;
  fontSize?: string;
  fontStyle?: string;
  fontWeight?: string;
  letterSpacing?: string;
  lineHeight?: string;
  outlineColor?: string;
  /** With `outlineWidth` and `outlineOffset`, the focus ring: it may reach 4 px beyond the input (more is cut). */
  outlineStyle?: string;
  outlineWidth?: string;
  outlineOffset?: string;
  padding?: string;
  /** The input's height (default `42px`): the frame grows or shrinks with it. */
  height?: string;
  textAlign?: string;
  textTransform?: string;
}

/**
 * CSS declarations for the label above the input or the message below it, camelCase. The space
 * between label and input is the label's `marginBottom`; between input and message, the message's `marginTop`.
 */
export interface CardFieldTextStyle {
  color?: string;
  fontFamily?: string;
  fontSize?: string;
  fontStyle?: string;
  fontWeight?: string;
  letterSpacing?: string;
  lineHeight?: string;
  textTransform?: string;
  /** Label only. */
  marginBottom?: string;
  /** Message only. */
  marginTop?: string;
}

/** A web font the fields may use, loaded inside the frames. `src` must be an https URL. */
export interface CardFieldFont {
  /** The name `fontFamily` refers to. */
  family: string;
  /** An https URL of a woff2, woff, ttf or otf file. */
  src: string;
  weight?: string;
  style?: string;
}

/** The look of the inputs in each state: the others apply on top of `base`. */
export interface CardFieldsStyle {
  base?: CardFieldStyle;
  focus?: CardFieldStyle;
  invalid?: CardFieldStyle;
  valid?: CardFieldStyle;
  /** Applies to the placeholder text: `color`, `fontStyle`, `fontWeight`, `letterSpacing` and `textTransform` are used. */
  placeholder?: CardFieldStyle;
  /** The label above the input: on top of `base`'s `fontFamily` and `color`, which it follows. */
  label?: CardFieldTextStyle;
  /** The message below the input: on top of `base`'s `fontFamily` and `color`, which it follows. */
  message?: CardFieldTextStyle;
  /** Web fonts the frames load (https only). */
  fonts?: CardFieldFont[];
}

/** The argument of {@link createCardFields}. */
export interface CardFieldsOptions {
  /** Your public key from POST /public-keys: PEM or base64 (SPKI), as {@link encryptCard} takes it. */
  publicKey: string;
  /** The fields to host. `number`, `expiry` and `securityCode` are required. */
  fields: {
    number: CardFieldOptions;
    expiry: CardFieldOptions;
    securityCode: CardFieldOptions;
    /** Leave it out to collect the name in your own input and pass it to `encrypt({ holderName })`. */
    holderName?: CardFieldOptions;
  };
  style?: CardFieldsStyle;
  /**
   * `false`: the frames keep no room for a message and show none (a screen reader still hears it);
   * show each field's `state.message` yourself, as your other fields show theirs. Default `true`.
   */
  showMessages?: boolean;
  /** Language of the labels and messages. Default: setUp's `locale`, else `pt-BR`. */
  locale?: Locale;
}

/** One field's state. Never holds what the shopper typed. */
export interface CardFieldState {
  /** Nothing typed. */
  empty: boolean;
  /** Whole: a length the card's brand has (number, security code), a whole `MM/AA` date. It may still be invalid. */
  complete: boolean;
  valid: boolean;
  /** Valid, or could become valid by typing on. */
  potentiallyValid: boolean;
  focused: boolean;
  /** Why it is invalid, in the locale, once the field shows it (left, or it cannot become valid). */
  message?: string;
}

/** What the number field tells about the card. `firstDigits` once 6 digits are typed, `lastDigits` once the number is valid. */
export interface CardFieldsCard {
  /** As the API names it: visa, mastercard, elo, amex, hipercard, …; `unknown` until known. */
  brand: CardBrand;
  firstDigits?: string;
  lastDigits?: string;
}

/** Every field's state and the card: the `change` event's payload and {@link CardFields.getState}'s answer. */
export interface CardFieldsState {
  /** The field that changed (the `change` event), or undefined ({@link CardFields.getState}). */
  field?: CardFieldName;
  fields: Partial<Record<CardFieldName, CardFieldState>>;
  card: CardFieldsCard;
  /** True when every hosted field is valid. */
  complete: boolean;
}

/** The payloads of {@link CardFields.on}'s events. */
export interface CardFieldsEvents {
  /** Every frame loaded and usable. */
  ready: CardFieldsState;
  change: CardFieldsState;
  focus: { field: CardFieldName };
  blur: { field: CardFieldName };
  /** The shopper pressed Enter in a field. */
  submit: { field: CardFieldName };
  /** A frame did not load within setUp's `timeout`, or stopped answering: `error.code` is `CARD_FIELDS_ERROR`. */
  error: { field: CardFieldName; error: GatewayError };
}

/** Codes of the problems {@link CardFields.encrypt} reports: {@link encryptCard}'s, and `FIELDS_UNAVAILABLE` when a frame is not usable. */
export type CardFieldsErrorCode = EncryptCardErrorCode | 'FIELDS_UNAVAILABLE';

/** One problem {@link CardFields.encrypt} found: `parameterName` is the field (`number`, `expiry`, `securityCode`, `holderName`) or `publicKey`. */
export interface CardFieldsError {
  code: CardFieldsErrorCode;
  parameterName: CardFieldName | 'publicKey';
  /** In the locale, for the shopper. */
  message: string;
}

/** The card {@link CardFields.encrypt} encrypted, as the API will store it. */
export interface EncryptedCardSummary {
  brand: CardBrand;
  firstDigits: string;
  lastDigits: string;
  expMonth: number;
  expYear: number;
}

/** {@link CardFields.encrypt}'s result: as {@link encryptCard}'s, with the card's summary. */
export type CardFieldsEncryptResult =
  | { hasErrors: false; encryptedCard: string; card: EncryptedCardSummary; errors: [] }
  | { hasErrors: true; encryptedCard?: undefined; card?: undefined; errors: CardFieldsError[] };

/** The hosted card fields {@link createCardFields} made. */
export interface CardFields {
  on<E extends keyof CardFieldsEvents>(event: E, handler: (payload: CardFieldsEvents[E]) => void): void;
  off<E extends keyof CardFieldsEvents>(event: E, handler: (payload: CardFieldsEvents[E]) => void): void;
  /** The fields' state now (`fields` is empty until the fields' code has arrived, before `ready`). */
  getState(): CardFieldsState;
  focus(field: CardFieldName): void;
  clear(field: CardFieldName): void;
  /** Removes the frames and every listener; encrypt() then resolves with FIELDS_UNAVAILABLE. */
  destroy(): void;
  /**
   * Encrypts the card inside the number field's frame with your public key. Resolves as
   * {@link encryptCard} does, never rejects; the page gets the ciphertext and the card's summary,
   * never the number or the code. `holderName`: the name on the card, when you collect it yourself.
   */
  encrypt(options?: { holderName?: string }): Promise<CardFieldsEncryptResult>;
}
