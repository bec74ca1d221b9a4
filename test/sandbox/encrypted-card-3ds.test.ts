import { describe, expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index';
import { encryptCard } from '../../src/sdk/encrypt-card';
import { authData, postAuthentication, validDevice } from './support/sdk-client';
import { it } from './support/sandbox-test';

type Body = {
  status: string;
  brand: string;
  issuer: string | null;
  error_messages?: Array<{ code: string; parameter_name: string; description: string }>;
};

let publicKey: string;

const createKey = async (s: Sandbox, token = s.token) => {
  const res = await fetch(`${s.apiUrl}/public-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{"type":"card"}',
  });
  return ((await res.json()) as { public_key: string }).public_key;
};
const encrypted = async (number: string, key = publicKey) =>
  (
    await encryptCard({
      publicKey: key,
      holder: 'Maria Silva',
      number,
      expMonth: 12,
      expYear: 2099,
      securityCode: '123',
    })
  ).encryptedCard!;

const authenticateWith = async (sandbox: Sandbox, session: string, card: Record<string, unknown>) => {
  const data = { ...authData(), paymentMethod: { type: 'CREDIT_CARD', installments: 1, card } };
  const res = await postAuthentication(sandbox, session, { data, device: validDevice() });
  return { status: res.status, body: (await res.json()) as Body };
};

it.beforeAll(async ({ sandbox }) => {
  publicKey = await createKey(sandbox);
});

describe('3DS with card.encrypted', () => {
  it.for([
    ['4000000000002503', 'REQUIRE_CHALLENGE', 'visa'],
    ['5200000000001104', 'AUTH_FLOW_COMPLETED', 'mastercard'],
    ['6505050000001026', 'AUTH_NOT_SUPPORTED', 'elo'],
  ] as const)(
    'decrypts %s and gives the scenario of its number',
    async ([number, status, brand], { sandbox, session }) => {
      const { status: http, body } = await authenticateWith(sandbox, session, {
        encrypted: await encrypted(number),
        holder: { name: 'Maria Silva' },
      });
      expect(http).toBe(201);
      expect(body).toMatchObject({ status, brand });
    },
  );

  it('answers 400 on data.paymentMethod.card.encrypted for a tampered card', async ({ sandbox, session }) => {
    const bytes = Buffer.from(await encrypted('4000000000002370'), 'base64');
    bytes.writeUInt8(bytes.readUInt8(20) ^ 0xff, 20);
    const { status, body } = await authenticateWith(sandbox, session, { encrypted: bytes.toString('base64') });
    expect(status).toBe(400);
    expect(body.error_messages).toEqual([
      expect.objectContaining({ code: '40002', parameter_name: 'data.paymentMethod.card.encrypted' }),
    ]);
  });

  it("refuses a card encrypted with another merchant's key", async ({ sandbox, session }) => {
    const other = sandbox.addMerchant();
    const otherKey = await createKey(sandbox, other.token);
    const { status, body } = await authenticateWith(sandbox, session, {
      encrypted: await encrypted('4000000000002370', otherKey),
    });
    expect(status).toBe(400);
    expect(body.error_messages?.[0]?.parameter_name).toBe('data.paymentMethod.card.encrypted');
  });
});

describe('3DS with card.id', () => {
  it('answers 400 on data.paymentMethod.card.id for an id that is not a stored card of the merchant', async ({
    sandbox,
    session,
  }) => {
    const { status, body } = await authenticateWith(sandbox, session, {
      id: 'CARD_00000000-0000-4000-8000-000000000000',
    });
    expect(status).toBe(400);
    expect(body.error_messages).toEqual([
      expect.objectContaining({ code: '40002', parameter_name: 'data.paymentMethod.card.id' }),
    ]);
  });
});
