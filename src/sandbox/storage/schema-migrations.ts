import type { Migration } from './migrations';
import { firstRelease } from './migrations/001-first-release';
import { webhookOutbox } from './migrations/002-webhook-outbox';
import { challengeEndAndSecrets } from './migrations/003-challenge-end-and-secrets';
import { threeDsMethod } from './migrations/004-three-ds-method';
import { installmentRate } from './migrations/005-installment-rate';
import { pix } from './migrations/006-pix';
import { webhookEventType } from './migrations/007-webhook-event-type';
import { consoleJournal } from './migrations/008-console-journal';
import { deliveryResources } from './migrations/009-delivery-resources';
import { reportedChanges } from './migrations/010-reported-changes';
import { checkouts } from './migrations/011-checkouts';
import { chargeReferenceFields } from './migrations/012-charge-reference-fields';
import { splits } from './migrations/013-splits';
import { challengeCodes } from './migrations/014-challenge-codes';
import { idempotencyKeyDigests } from './migrations/015-idempotency-key-digests';

/**
 * The sandbox's schema history, oldest first: one file per version in `migrations/`, which holds
 * every table's DDL (the stores only query). A released step is never edited: a later change to a
 * table is a new file here (ALTER TABLE, a new table).
 */
export const SCHEMA_MIGRATIONS: readonly Migration[] = [
  firstRelease,
  webhookOutbox,
  challengeEndAndSecrets,
  threeDsMethod,
  installmentRate,
  pix,
  webhookEventType,
  consoleJournal,
  deliveryResources,
  reportedChanges,
  checkouts,
  chargeReferenceFields,
  splits,
  challengeCodes,
  idempotencyKeyDigests,
];
