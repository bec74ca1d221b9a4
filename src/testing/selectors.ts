/**
 * The hooks the testing helpers reach the challenge through. They are public, versioned API of
 * the SDK's dialog and of the sandbox's challenge pages (docs/testing.md): renaming one is a
 * breaking change, so tests of this repository check that the dialog and pages carry each one.
 */
export const CHALLENGE_HOOKS = {
  /** The SDK's challenge `<dialog>` (in an open shadow root); present exactly while a challenge runs. */
  dialog: 'dialog[data-gateway="challenge"]',
  /** The dialog's close button: closing cancels the challenge. */
  closeButton: '[data-gateway="close"]',
  /** The dialog's frame of the challenge host page; hidden until the issuer's page is ready. */
  frame: 'iframe[data-gateway="frame"]',
  /** In the host page: the frame of the issuer's (ACS) page. */
  issuerFrame: 'iframe[data-gateway="issuer"]',
  /** In the issuer page: the code field, the submit button, the issuer's own Cancel. */
  code: '[data-gateway="code"]',
  submit: '[data-gateway="submit"]',
  cancel: '[data-gateway="cancel"]',
  /** Attributes of the issuer page's `<html>`: the card brand, the issuer (absent when unknown), wrong codes still allowed. */
  brandAttribute: 'data-gateway-brand',
  issuerAttribute: 'data-gateway-issuer',
  attemptsLeftAttribute: 'data-gateway-attempts-left',
} as const;

/** The sandbox issuer's codes (docs/testing.md). */
export const SANDBOX_CODES = {
  /** Passes the challenge: AUTHENTICATED. */
  pass: '123456',
  /** Refused at once: the challenge fails, NOT_AUTHENTICATED. */
  fail: '000000',
  /** Any other 6 digits is a wrong code; the shopper may retry until the last attempt fails the challenge. */
  wrong: '111111',
} as const;

/**
 * The hosted card fields' hooks (docs/testing.md#hosted-card-fields), public and versioned like
 * CHALLENGE_HOOKS: the SDK's frame of each field, and the input inside it.
 */
export const CARD_FIELD_HOOKS = {
  /** The frame of one field: `frame('number')` is `iframe[data-gateway-card-field="number"]`. */
  frame: (field: CardFieldHookName): string => `iframe[data-gateway-card-field="${field}"]`,
  /** In a field's frame: its input. */
  input: 'input[data-gateway-input]',
  /** In a field's frame: the message shown when the value is invalid (empty otherwise). */
  message: '#message',
} as const;

/** The fields createCardFields hosts. */
export type CardFieldHookName = 'number' | 'expiry' | 'securityCode' | 'holderName';

/**
 * The hosted checkout pay page's hooks (docs/checkouts.md#testing-the-pay-page), public and versioned like
 * CHALLENGE_HOOKS: payCheckout reaches the page through them.
 */
export const CHECKOUT_PAGE_HOOKS = {
  /** The page's `<main>`; `data-pay-status` holds the checkout's status when the page was served. */
  page: '[data-pay-page]',
  /** The form, with `data-ready="true"` once usable (the card fields loaded). Absent when the checkout takes no payment. */
  form: '#pay-form',
  /** The notice of a checkout that takes no payment; its value is INACTIVE or EXPIRED. */
  closed: '[data-pay-closed]',
  /** A method's radio button: `method('PIX')`. */
  method: (method: string): string => `[data-pay-method="${method}"]`,
  installments: '[data-pay-installments]',
  submit: '[data-pay-submit]',
  /** The summary of the fields the page refused (shown, not `hidden`, when there are some), one link a field. */
  problems: '[data-pay-problems]',
  /** The result panel: `data-pay-result` PAID, WAITING (Pix shown, boleto issued), DECLINED or ERROR; `data-order-id`. */
  result: '[data-pay-result]',
  pixCode: '[data-pay-pix-code]',
  /** Sandbox only: pays the Pix code shown, as the payer's bank would. */
  simulatePix: '[data-pay-simulate]',
  boletoLine: '[data-pay-boleto-line]',
  boletoPdf: '[data-pay-boleto-pdf]',
} as const;
