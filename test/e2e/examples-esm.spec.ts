// examples/esm in Chromium: the same checkout bundled by rollup from the npm ESM build, and a
// saved-card page whose bundle leaves encryptCard out (tree-shaking).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { submitChallengeCode, waitForChallenge } from '../../dist/testing/index.js';
import { keepScreenshot } from './doc-screenshot';
import {
  answerChallenge,
  buildEsmExample,
  CARD,
  expect,
  expectAxeClean,
  holdRequests,
  openExample,
  readOrder,
  shopperJourneys,
  shownOrderId,
  test as base,
  typeCard,
} from './examples-support';

/** Each worker bundles the example with its rollup config into its own folder. */
const test = base.extend<object, { esmDir: string | undefined }>({
  esmDir: [
    async ({}, use, workerInfo) => {
      const dir = join(workerInfo.project.outputDir, `esm-example-${workerInfo.workerIndex}`);
      await buildEsmExample(dir);
      await use(dir);
    },
    // A rollup + typescript build: 10 s alone, over a minute with both workers and a loaded
    // machine (the 60 s default failed the first test of a worker in a full run).
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** The text of every file of one page's bundle. */
const bundleFiles = (esmDir: string | undefined, page: string) =>
  readdirSync(join(esmDir!, page)).map((name) => ({ name, text: readFileSync(join(esmDir!, page, name), 'utf8') }));

// Strings only encryptCard's code holds (src/sdk/encrypt-card.ts): its error code and a message.
const ENCRYPT_CARD_MARKERS = ['ENCRYPTION_UNAVAILABLE', 'is not an RSA public key'];

shopperJourneys(test, '/esm/');

test('tree-shaking: neither bundle holds the code of encryptCard: the saved-card page does not import it, the checkout takes the card in the hosted fields', async ({
  esmDir,
}) => {
  const checkout = bundleFiles(esmDir, 'checkout');
  const savedCard = bundleFiles(esmDir, 'saved-card');
  for (const marker of ENCRYPT_CARD_MARKERS)
    for (const [name, files] of [
      ['checkout', checkout],
      ['saved-card', savedCard],
    ] as const)
      expect(
        files.filter((f) => f.text.includes(marker)).map((f) => f.name),
        `${name} bundle has ${marker}`,
      ).toEqual([]);
  // The checkout's card fields code is a chunk of its own, loaded by createCardFields.
  expect(
    checkout.filter((f) => f.text.includes('data-gateway-card-field') || f.text.includes('gatewayCardField')).length,
  ).toBe(1);
  // Both still hold the rest of the SDK they use.
  for (const files of [checkout, savedCard])
    expect(files.some((f) => f.text.includes('/checkout-sdk/3ds/authentications'))).toBe(true);
});

test('the challenge code is a chunk of its own: a frictionless purchase never loads it, a challenge does', async ({
  page,
  checkout,
}) => {
  const scripts: string[] = [];
  // The merchant page's own scripts (the challenge frames load theirs from the challenge origin).
  page.on(
    'request',
    (r) => r.resourceType() === 'script' && r.url().startsWith(checkout.url) && scripts.push(new URL(r.url()).pathname),
  );
  await openExample(page, `${checkout.url}/esm/`);
  await typeCard(page, CARD.frictionless);
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(page.locator('#status')).toContainText('Pagamento aprovado');
  // The page and the card fields' chunk (createCardFields runs at start), no challenge chunk.
  expect(scripts).toEqual(['/esm/checkout/main.js', expect.stringMatching(/^\/esm\/checkout\/[\w-]+\.js$/)]);
  const fieldsChunk = scripts[1];

  await openExample(page, `${checkout.url}/esm/`);
  await typeCard(page, CARD.challenge);
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await page.getByRole('button', { name: 'Continuar para o banco' }).click();
  await waitForChallenge(page);
  expect(scripts.slice(1).filter((s) => s !== '/esm/checkout/main.js' && s !== fieldsChunk)).toEqual([
    expect.stringMatching(/^\/esm\/checkout\/[\w-]+\.js$/),
  ]);
});

test('saved card: a purchase that saves the card, then the one-click page pays with card.id and no card data typed', async ({
  page,
  checkout,
  sandbox,
}) => {
  await openExample(page, `${checkout.url}/esm/`);
  await typeCard(page, CARD.frictionless);
  await page.getByLabel('Salvar este cartão para a próxima compra').check();
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(page.locator('#status')).toContainText('Pagamento aprovado');
  const first = await readOrder(sandbox, await shownOrderId(page));
  const cardId = first.charges[0].payment_method.card.id;
  expect(cardId).toMatch(/^CARD_/);

  await page.getByRole('link', { name: 'Comprar de novo com o cartão salvo' }).click();
  await expect(page.locator('form[data-ready=true]')).toBeAttached();
  await expect(page.locator('#saved-card')).toHaveText('Cartão Visa final 2370, validade 12/2030');
  await page.getByRole('button', { name: /^Pagar R\$/ }).click();
  await expect(page.locator('#status').getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
  await expect(page.locator('#status')).toContainText('R$ 134,80');
  await expect(page.locator('#status')).toContainText('Cartão Visa final 2370');
  const second = await readOrder(sandbox, await shownOrderId(page));
  expect(second.id).not.toBe(first.id);
  expect(second.charges[0]).toMatchObject({
    status: 'PAID',
    payment_method: {
      card: { id: cardId, last_digits: '2370' },
      authentication_method: { type: 'THREEDS', status: 'AUTHENTICATED' },
    },
  });
});

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const)
  test(`saved card that asks for a challenge, ${width} px: while the bank waits the page says so, "Processando" only after`, async ({
    page,
    checkout,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await openExample(page, `${checkout.url}/esm/`);
    await typeCard(page, CARD.challenge);
    await page.getByLabel('Salvar este cartão para a próxima compra').check();
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    await answerChallenge(page, '123456');
    await expect(page.locator('#status')).toContainText('Pagamento aprovado');

    await page.getByRole('link', { name: 'Comprar de novo com o cartão salvo' }).click();
    await expect(page.locator('form[data-ready=true]')).toBeAttached();
    await page.getByRole('button', { name: /^Pagar R\$/ }).click();
    // The notice: one state, waiting for the shopper.
    await expect(page.getByRole('button', { name: 'Continuar para o banco' })).toBeFocused();
    await expect(page.locator('#pay')).toBeHidden();
    await expect(page.locator('#status')).toHaveText('');
    await page.getByRole('button', { name: 'Continuar para o banco' }).click();
    await waitForChallenge(page);
    await expect(page.locator('#status')).toHaveText('Aguardando a confirmação do seu banco…');
    await expect(page.locator('#pay')).toBeHidden();
    await expectAxeClean(page);
    await keepScreenshot(page, testInfo, `saved-card-challenge-${width}`);
    const order = await holdRequests(page, '**/api/orders');
    await submitChallengeCode(page, '123456');
    await expect(page.locator('#status')).toHaveText('Processando…');
    await expect(page.locator('#pay')).toBeDisabled();
    order.release();
    await expect(page.locator('#status').getByRole('heading', { name: 'Pagamento aprovado' })).toBeVisible();
  });

test('the saved-card page without a saved card sends the shopper to the checkout', async ({ page, checkout }) => {
  await page.goto(`${checkout.url}/esm/saved-card.html`);
  await expect(page.locator('#status')).toContainText('Você ainda não tem um cartão salvo.');
  await expect(page.getByRole('link', { name: 'Ir ao checkout' })).toHaveAttribute('href', '/esm/');
});
