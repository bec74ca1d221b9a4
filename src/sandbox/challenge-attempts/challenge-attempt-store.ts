import type { Db } from '../storage/database';

/** Wrong codes typed per challenge, kept server side so a reloaded page cannot reset them. */
export class ChallengeAttemptStore {
  private readonly read;
  private readonly bump;

  constructor(db: Db) {
    this.read = db.prepare<[string], { wrong: number }>(
      'SELECT wrong FROM challenge_attempts WHERE authentication_id = ?',
    );
    this.bump = db.prepare(
      `INSERT INTO challenge_attempts (authentication_id, wrong) VALUES (?, 1)
       ON CONFLICT(authentication_id) DO UPDATE SET wrong = wrong + 1`,
    );
  }

  /** Wrong codes typed so far. */
  wrong(authenticationId: string): number {
    return this.read.get(authenticationId)?.wrong ?? 0;
  }

  /** Counts one more wrong code. */
  recordWrong(authenticationId: string): void {
    this.bump.run(authenticationId);
  }
}
