import type { Page } from '@playwright/test';
import { TEST_CARDS, type TestCardName } from '../sandbox/cards/sandbox-cards';
import { CARD_FIELD_HOOKS as HOOK, type CardFieldHookName } from './selectors';

/** A card to type into the hosted fields. `expiry` as the shopper types it: `12/30` or `1230`. */
export interface CardFieldsInput {
  number: string;
  expiry: string;
  securityCode: string;
  /** Typed only when the page hosts the holderName field. */
  holderName?: string;
}

/** What one hosted field shows, read from inside its frame. */
export interface CardFieldReading {
  /** The text in the input, as formatted for the shopper (`4000 0000 0000 2503`). */
  value: string;
  /** The message shown under it, '' when none. */
  message: string;
  /** Whether the input carries aria-invalid="true". */
  invalid: boolean;
}

/** A sandbox test card's expiry: any future date passes; December five years ahead stays future. */
const testExpiry = () => `12/${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`;

const FIELDS: readonly CardFieldHookName[] = ['number', 'expiry', 'securityCode', 'holderName'];

/** The input of one hosted field, inside its cross-origin frame. */
const fieldInput = (page: Page, field: CardFieldHookName) =>
  page.locator(HOOK.frame(field)).contentFrame().locator(HOOK.input);

/**
 * Types a card into the page's hosted card fields (Gateway.createCardFields), as a shopper does:
 * key by key in each frame, each field left with Tab so its verdict shows. `card` is a sandbox
 * test card's name (`'challenge'`, see TEST_CARDS: expiry December five years ahead, code 123, 1234 for amex) or the
 * card's values. Waits until the fields are usable; a field the page does not host is skipped
 * (holderName), a missing required one fails with its name.
 *
 * @example
 * ```ts
 * await fillCardFields(page, 'challenge');
 * await fillCardFields(page, { number: '5200000000001096', expiry: '12/30', securityCode: '123', holderName: 'MARIA SILVA' });
 * ```
 */
export async function fillCardFields(page: Page, card: TestCardName | CardFieldsInput): Promise<void> {
  let values: CardFieldsInput;
  if (typeof card === 'string') {
    const test = TEST_CARDS[card];
    if (!test) throw new Error(`fillCardFields: ${JSON.stringify(card)} is not a sandbox test card (see TEST_CARDS)`);
    values = { number: test.number, expiry: testExpiry(), securityCode: test.brand === 'amex' ? '1234' : '123' };
  } else values = card;
  for (const field of FIELDS) {
    const value = values[field];
    if (value === undefined) continue;
    const frame = page.locator(HOOK.frame(field));
    if (field === 'holderName' && (await frame.count()) === 0) continue;
    const input = fieldInput(page, field);
    // The frame is usable once the SDK initialised it: its label is written then.
    await input.waitFor({ state: 'visible' });
    await frame.contentFrame().locator('label:not(:empty)').waitFor();
    await input.fill('');
    await input.pressSequentially(value);
    await input.press('Tab');
  }
}

/**
 * Reads what each hosted field shows (value as formatted, message, aria-invalid), from inside the
 * frames: what the shopper sees, for assertions. Fields the page does not host are left out.
 */
export async function readCardFields(page: Page): Promise<Partial<Record<CardFieldHookName, CardFieldReading>>> {
  const reading: Partial<Record<CardFieldHookName, CardFieldReading>> = {};
  for (const field of FIELDS) {
    if ((await page.locator(HOOK.frame(field)).count()) === 0) continue;
    const frame = page.locator(HOOK.frame(field)).contentFrame();
    const input = frame.locator(HOOK.input);
    reading[field] = {
      value: await input.inputValue(),
      message: (await frame.locator(HOOK.message).textContent()) ?? '',
      invalid: (await input.getAttribute('aria-invalid')) === 'true',
    };
  }
  return reading;
}
