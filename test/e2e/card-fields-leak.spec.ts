// Proof that the card number typed into the hosted card fields never reaches the merchant's page
// (docs/card-fields.md#how-it-works): every message the page's window receives, its DOM, its
// storage and cookies, and every request it sends, searched for the number, through encrypt() and
// a 3DS challenge with the encrypted card.
import { fillCardFields, passChallenge } from '../../dist/testing/index.js';
import { encryptFields, openCardFields } from './card-fields-support';
import { settled, startRun } from './challenge-support';
import { expect, test } from './fixtures';

const NUMBER = '5200000000001096';
/** The number in every spelling a leak could take: plain, grouped, and its middle digits (never shown, unlike first 6 and last 4). */
const SPELLINGS = [NUMBER, '5200 0000 0000 1096', NUMBER.slice(6, 12) + NUMBER.slice(12)];

test('no digit of the card number beyond the first 6 and last 4 reaches the merchant page: messages, DOM, storage, cookies, requests', async ({
  page,
  merchant,
  sandbox,
}) => {
  // Every message event the page's window receives, recorded before any script of the page runs.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __messages: string[] }).__messages = seen;
    addEventListener(
      'message',
      (event) => seen.push(`${event.origin} ${JSON.stringify(event.data)} ports:${event.ports.length}`),
      true,
    );
  });
  const bodies: string[] = [];
  page.on('request', (request) => {
    // The page's own requests (the frames send none: their CSP allows no connection).
    if (request.frame() === page.mainFrame())
      bodies.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  const { session } = await openCardFields(page, merchant, sandbox, { holder: true });
  await fillCardFields(page, { number: NUMBER, expiry: '12/30', securityCode: '123', holderName: 'Maria Silva' });
  const sealed = await encryptFields(page);
  expect(sealed.hasErrors).toBe(false);
  await page.evaluate(() => {
    localStorage.setItem('probe', '1'); // storage works on this page: an empty search below is not an empty store by accident
  });
  await startRun(page, session, { card: NUMBER, encrypted: sealed.encryptedCard });
  await passChallenge(page);
  expect(await settled(page)).toMatchObject({ ok: true });

  const messages = await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages);
  // The fields did speak to the page: state, focus, the ciphertext.
  expect(messages.some((m) => m.includes('"type":"state"'))).toBe(true);
  expect(messages.some((m) => m.includes('"type":"encrypted"'))).toBe(true);
  // No message of the fields ever carried a port to the page (the page only hands ports over; penpal's
  // handshake with the challenge frame has its own).
  expect(messages.filter((m) => m.includes('gateway-card-fields') && !m.endsWith('ports:0'))).toEqual([]);
  const dom = await page.content();
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  const cookies = JSON.stringify(await page.context().cookies());
  const everything = { messages: messages.join('\n'), dom, storage, cookies, requests: bodies.join('\n') };
  expect(bodies.some((b) => b.includes('/checkout-sdk/3ds/authentications'))).toBe(true);
  for (const [where, text] of Object.entries(everything))
    for (const spelling of SPELLINGS) expect(text.includes(spelling), `${where} holds ${spelling}`).toBe(false);
  // What the page may know: the brand, first 6 and last 4.
  expect(messages.join('\n')).toContain('"firstDigits":"520000"');
  expect(messages.join('\n')).toContain('"lastDigits":"1096"');
  // And the page's own script cannot read the input: it is in a frame of another origin.
  const reach = await page.evaluate(() => {
    try {
      return (document.querySelector('iframe[data-gateway-card-field="number"]') as HTMLIFrameElement).contentDocument
        ? 'readable'
        : 'null';
    } catch {
      return 'blocked';
    }
  });
  expect(reach).not.toBe('readable');
});
