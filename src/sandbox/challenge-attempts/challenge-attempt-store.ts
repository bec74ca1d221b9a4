import { AUTHENTICATION_OUTCOMES } from '../../core/authentication-resource';
import { maskCardDigits } from '../logging/mask-card-digits';
import type { Db } from '../storage/database';
import { asSandboxTime, type SandboxTime } from '../values/time';

/** Where a code was submitted: the issuer page the shopper types in, or POST /sandbox/3ds/authentications/{id}/challenge. */
export const CODE_CHANNELS = ['issuer_page', 'sandbox_api'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/**
 * What a submitted code decided: a wrong code the shopper may retry, the challenge's outcome, or
 * a code that was not 6 digits (refused, not counted as an attempt).
 */
export const CODE_OUTCOMES = ['RETRY', ...AUTHENTICATION_OUTCOMES, 'MALFORMED'] as const;
type CodeOutcome = (typeof CODE_OUTCOMES)[number];

export const CODE_RESULTS = ['accepted', 'refused'] as const;

/** One code submitted in a challenge, as the console shows it (docs/console.md#3ds-authentications). */
export interface SubmittedCode {
  /** As typed, trimmed, masked and cut ({@link keptCode}). */
  code: string;
  at: SandboxTime;
  via: CodeChannel;
  /** Only the code that authenticates is accepted. */
  result: (typeof CODE_RESULTS)[number];
  outcome: CodeOutcome;
}

/** The characters of a code kept: a challenge code is 6 digits, so more is only a mistake worth seeing the start of. */
const CODE_KEPT_LENGTH = 32;
/**
 * The malformed codes kept per challenge. Wrong codes are bounded by the issuer's attempts
 * (challenge/issuer-simulator.ts MAX_ATTEMPTS) and one code ends the challenge, but a malformed code
 * is not an attempt: without this bound a script could fill the file through one challenge.
 */
export const MALFORMED_CODES_KEPT = 10;

/**
 * A code as stored. Card data is never stored (docs/console.md#3ds-authentications): a run of
 * digits that could be a card number is masked first, on the whole text (a number typed in the
 * code field must not survive a cut); then, in a code that is not a challenge code (6 digits),
 * each digit left shows as `•`, since 3 or 4 of them may be the card's security code; then it is cut.
 */
const keptCode = (code: string, outcome: CodeOutcome): string => {
  const masked = maskCardDigits(code);
  const shown = outcome === 'MALFORMED' ? masked.replace(/\d/g, '•') : masked;
  return shown.length > CODE_KEPT_LENGTH ? `${shown.slice(0, CODE_KEPT_LENGTH)}…` : shown;
};

/**
 * Per challenge, kept server side: the count of wrong codes (so a reloaded page cannot reset it),
 * and each code submitted, in order, for the console.
 */
export class ChallengeAttemptStore {
  private readonly read;
  private readonly bump;
  private readonly insertCode;
  private readonly listCodes;
  private readonly countMalformed;

  constructor(db: Db) {
    this.read = db.prepare<[string], { wrong: number }>(
      'SELECT wrong FROM challenge_attempts WHERE authentication_id = ?',
    );
    this.bump = db.prepare(
      `INSERT INTO challenge_attempts (authentication_id, wrong) VALUES (?, 1)
       ON CONFLICT(authentication_id) DO UPDATE SET wrong = wrong + 1`,
    );
    this.insertCode = db.prepare<[string, string, number, string, string, string, string]>(
      `INSERT INTO challenge_codes (authentication_id, seq, code, at, via, result, outcome)
       SELECT ?, coalesce(max(seq), 0) + 1, ?, ?, ?, ?, ? FROM challenge_codes WHERE authentication_id = ?`,
    );
    this.listCodes = db.prepare<
      [string],
      { code: string; at: number; via: CodeChannel; result: SubmittedCode['result']; outcome: CodeOutcome }
    >('SELECT code, at, via, result, outcome FROM challenge_codes WHERE authentication_id = ? ORDER BY seq');
    this.countMalformed = db.prepare<[string], { n: number }>(
      "SELECT count(*) AS n FROM challenge_codes WHERE authentication_id = ? AND outcome = 'MALFORMED'",
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

  /**
   * Keeps a submitted code, masked and cut ({@link keptCode}); a malformed one only while the
   * challenge has fewer than {@link MALFORMED_CODES_KEPT}. Call it in the transaction that decides
   * the code, so the code and its effect are stored together.
   */
  recordCode(authenticationId: string, submitted: Omit<SubmittedCode, 'result'>): void {
    if (submitted.outcome === 'MALFORMED' && this.countMalformed.get(authenticationId)!.n >= MALFORMED_CODES_KEPT)
      return;
    const result = submitted.outcome === 'AUTHENTICATED' ? 'accepted' : 'refused';
    this.insertCode.run(
      authenticationId,
      keptCode(submitted.code, submitted.outcome),
      submitted.at,
      submitted.via,
      result,
      submitted.outcome,
      authenticationId,
    );
  }

  /** The codes submitted in a challenge, oldest first. */
  codes(authenticationId: string): SubmittedCode[] {
    return this.listCodes.all(authenticationId).map((r) => ({ ...r, at: asSandboxTime(r.at) }));
  }
}
