import * as z from 'zod/mini';
import { timestamp } from '../clock';
import { integer } from '../http/request-fields';
import { defineRoute, type Route } from '../http/route';
import { JSON_BODY_ERRORS, json } from '../http/route-answers';
import { clockResponse, resetResponse } from '../openapi/journal-schemas';
import { answerJson } from '../http/json-answer';

/** Ten years: the furthest one call moves the clock. */
const MAX_SECONDS = 315_360_000;

const advanceBody = z.strictObject({
  seconds: integer(1, MAX_SECONDS, `must be a whole number of seconds from 1 to ${MAX_SECONDS} (ten years)`),
});

/**
 * The sandbox's time and its data, merchant token (docs/sandbox-operations.md#the-clock): GET
 * /sandbox/clock answers the time every expiry is measured against; POST /sandbox/clock/advance
 * moves it forward (SDK sessions, Pix codes, boletos, capture_before, challenges follow), never
 * back; POST /sandbox/reset empties the sandbox's data, the accounts kept.
 */
export const SANDBOX_CLOCK_ROUTES: Route[] = [
  defineRoute({
    operationId: 'getSandboxClock',
    method: 'get',
    path: '/sandbox/clock',
    origin: 'api',
    tag: 'Sandbox',
    summary: "Sandbox only: the sandbox's time",
    security: 'bearer',
    responses: { '200': json('SandboxClock', clockResponse, 'The time now, as the sandbox sees it.') },
    errors: [401],
    handle: (deps) => (c) => answerJson(c, { now: timestamp(deps.clock.now()) }),
  }),
  defineRoute<z.infer<typeof advanceBody>>({
    operationId: 'advanceSandboxClock',
    method: 'post',
    path: '/sandbox/clock/advance',
    origin: 'api',
    tag: 'Sandbox',
    summary: "Sandbox only: move the sandbox's time forward",
    security: 'bearer',
    body: {
      contentType: 'application/json',
      required: true,
      schema: { name: 'AdvanceClockRequest', schema: advanceBody },
      example: { seconds: 86_400 },
    },
    responses: { '200': json('SandboxClock', clockResponse, 'The new time.') },
    errors: JSON_BODY_ERRORS,
    handle:
      (deps) =>
      (c, { body }) => {
        deps.clock.advance(body.seconds * 1000);
        const now = timestamp(deps.clock.now());
        deps.journal.feed.publish({ type: 'clock', id: now });
        return answerJson(c, { now });
      },
  }),
  defineRoute({
    operationId: 'resetSandbox',
    method: 'post',
    path: '/sandbox/reset',
    origin: 'api',
    tag: 'Sandbox',
    summary: 'Sandbox only: delete every order, charge, authentication, session, notification and the request log',
    description:
      'For every account of the sandbox: the accounts, their tokens, settings and public keys stay; ' +
      'pending notifications are dropped. The clock is not moved back.',
    security: 'bearer',
    responses: { '200': json('SandboxReset', resetResponse, 'The data is gone.') },
    errors: [401],
    handle: (deps) => (c) => {
      deps.reset();
      deps.journal.feed.publish({ type: 'reset' });
      return answerJson(c, { reset: true as const, now: timestamp(deps.clock.now()) });
    },
  }),
];
