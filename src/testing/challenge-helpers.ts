import type { FrameLocator, Locator, Page } from '@playwright/test';
import { CHALLENGE_HOOKS as HOOK, SANDBOX_CODES } from './selectors';

/** What the shopper sees once the challenge shows. */
export interface ShownChallenge {
  /** The card brand as the API names it, e.g. `visa`. */
  brand: string;
  /** The issuer's name, undefined when the sandbox does not know the card's issuer. */
  issuer: string | undefined;
}

/** How the shopper cancels: the dialog's close button, the Escape key, or the issuer page's Cancel. */
export type CancelBy = 'close-button' | 'escape' | 'issuer-cancel';

/** The SDK's challenge dialog on `page`; it exists exactly while a challenge runs. */
export const challengeDialog = (page: Page): Locator => page.locator(HOOK.dialog);

/** The issuer's (ACS) page: nested in the challenge host frame, itself in the SDK's dialog. */
export const issuerFrame = (page: Page): FrameLocator =>
  page.locator(HOOK.frame).contentFrame().locator(HOOK.issuerFrame).contentFrame();

/**
 * Resolves once the SDK has settled the challenge: it removes the dialog in the same task as it
 * settles authenticate3DS's promise, so the page's own handlers run before the test goes on.
 */
export async function waitForChallengeSettled(page: Page): Promise<void> {
  await challengeDialog(page).waitFor({ state: 'detached' });
}

/**
 * Waits until the challenge shows: the dialog is open, the issuer's page is ready and the SDK
 * has revealed it. Returns the brand and issuer the issuer page shows.
 */
export async function waitForChallenge(page: Page): Promise<ShownChallenge> {
  await page.locator(HOOK.frame).waitFor({ state: 'visible' });
  const issuer = issuerFrame(page);
  await issuer.locator(HOOK.code).waitFor({ state: 'visible' });
  const root = issuer.locator('html');
  const [brand, name] = await Promise.all([
    root.getAttribute(HOOK.brandAttribute),
    root.getAttribute(HOOK.issuerAttribute),
  ]);
  return { brand: brand ?? '', issuer: name ?? undefined };
}

/**
 * Types `code` (6 digits) in the issuer's page and submits it, as the shopper does. Returns
 * `'settled'` once the SDK has settled (the code ended the challenge), or `'retry'` once the
 * issuer page asks again after a wrong code.
 */
export async function submitChallengeCode(page: Page, code: string): Promise<'settled' | 'retry'> {
  // The field refuses anything else in the browser, so the page would never answer.
  if (!/^\d{6}$/.test(code))
    throw new Error(`submitChallengeCode: the code must be 6 digits, got ${JSON.stringify(code)}`);
  await waitForChallenge(page);
  const issuer = issuerFrame(page);
  const left = Number(await issuer.locator('html').getAttribute(HOOK.attemptsLeftAttribute));
  await issuer.locator(HOOK.code).fill(code);
  await issuer.locator(HOOK.submit).click();
  // Whichever comes first, one look at a time, so that no wait is left running when this returns:
  // a wait left in the issuer's frame fails as the SDK removes it, and Playwright reports that
  // failure against the test once the frame is cross-site (its own process), as it is under
  // routeProviderSdk's provider hosts. Removing the dialog is how the SDK settles.
  const dialog = challengeDialog(page);
  const askedAgain = issuer.locator(`html[${HOOK.attemptsLeftAttribute}="${left - 1}"]`);
  for (;;) {
    if ((await dialog.count()) === 0) return 'settled';
    if ((await askedAgain.count().catch(() => 0)) > 0) return 'retry';
    await page.waitForTimeout(POLL_MS);
  }
}

/** How often submitChallengeCode looks for either outcome: a look is cheap, and ends no wait early. */
const POLL_MS = 50;

/** Passes the challenge with the sandbox's passing code; returns once the SDK has settled (AUTHENTICATED). */
export async function passChallenge(page: Page): Promise<void> {
  await expectSettled(page, SANDBOX_CODES.pass);
}

/** Fails the challenge with the code the sandbox issuer refuses; returns once the SDK has settled (NOT_AUTHENTICATED). */
export async function failChallenge(page: Page): Promise<void> {
  await expectSettled(page, SANDBOX_CODES.fail);
}

/**
 * Types a wrong code `times` times. Returns `'retry'` while the issuer still asks (the challenge
 * goes on), `'settled'` once the wrong codes used up the attempts and the SDK settled (NOT_AUTHENTICATED).
 */
export async function enterWrongCode(page: Page, times = 1): Promise<'settled' | 'retry'> {
  let outcome: 'settled' | 'retry' = 'retry';
  for (let i = 0; i < times; i++) {
    if (outcome === 'settled') throw new Error(`enterWrongCode: the challenge ended after ${i} wrong codes`);
    outcome = await submitChallengeCode(page, SANDBOX_CODES.wrong);
  }
  return outcome;
}

/** Cancels the challenge as the shopper does (`by`, default the close button); returns once the SDK has settled (canceled). */
export async function cancelChallenge(page: Page, by: CancelBy = 'close-button'): Promise<void> {
  await waitForChallenge(page);
  if (by === 'close-button') await challengeDialog(page).locator(HOOK.closeButton).click();
  // Wherever the focus is (the SDK puts it in the issuer's page), Escape cancels.
  else if (by === 'escape') await page.keyboard.press('Escape');
  else await issuerFrame(page).locator(HOOK.cancel).click();
  await waitForChallengeSettled(page);
}

async function expectSettled(page: Page, code: string): Promise<void> {
  const outcome = await submitChallengeCode(page, code);
  if (outcome !== 'settled') throw new Error(`The sandbox issuer did not end the challenge on code ${code}`);
}
