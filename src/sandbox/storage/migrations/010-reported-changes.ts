import type { Migration } from '../migrations';

/**
 * Version 10: status changes are reported by the domain code that makes them, with their cause
 * (journal/status-changes.ts): each row says the resource's kind, and `source` holds the cause
 * (request, simulator, clock, console). Rows of an earlier file keep `request` or `notification`
 * (the answer or notification they were read from) and no kind.
 */
export const reportedChanges: Migration = {
  version: 10,
  name: 'the console: status changes reported with their kind and cause',
  up: (db) => {
    db.exec('ALTER TABLE state_changes ADD COLUMN kind TEXT');
  },
};
