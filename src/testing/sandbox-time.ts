import type { SandboxTarget } from './decide-challenge';

async function clockCall(sandbox: SandboxTarget, init: RequestInit, what: string): Promise<Date> {
  const res = await fetch(`${sandbox.apiUrl}/sandbox/clock${init.method === 'POST' ? '/advance' : ''}`, {
    ...init,
    headers: { Authorization: `Bearer ${sandbox.token}`, ...(init.body && { 'Content-Type': 'application/json' }) },
  });
  const body = (await res.json()) as { now?: string };
  if (!res.ok || typeof body.now !== 'string') throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return new Date(body.now);
}

/**
 * The time the sandbox measures every expiry against: GET /sandbox/clock (sandbox only). Works
 * with any sandbox the test reaches over HTTP, one started by the CLI (`npx gateway-sandbox`) too.
 */
export const sandboxTime = (sandbox: SandboxTarget): Promise<Date> => clockCall(sandbox, {}, 'sandboxTime');

/**
 * Moves a sandbox's clock forward by `seconds` (a whole number from 1 to ten years' worth) over
 * HTTP: POST /sandbox/clock/advance (sandbox only). SDK sessions, 3DS challenges, Pix codes,
 * boletos and `capture_before` follow; the clock never moves back. Resolves with the sandbox's new
 * time; throws with the sandbox's answer when refused (a bad `seconds`: 400). For a sandbox the
 * test started in its own process, `gateway.clock.advance(ms)` does the same without a request.
 */
export const advanceClock = (sandbox: SandboxTarget, seconds: number): Promise<Date> =>
  clockCall(sandbox, { method: 'POST', body: JSON.stringify({ seconds }) }, 'advanceClock');
