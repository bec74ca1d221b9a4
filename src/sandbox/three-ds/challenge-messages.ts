import { createHash } from 'node:crypto';
import { CHALLENGE_WINDOW_SIZES, type ChallengeWindowSize } from '../../core/challenge-window-size';
import { INVALID_PARAMETER, REQUIRED_PARAMETER, type ErrorItem } from '../../core/error-item';
import { decodeBase64UrlJson, encodeBase64UrlJson } from './base64url-json';
import type { AuthenticationRecord } from './authentication-record';

/** The EMV 3DS message version the sandbox speaks. */
export const MESSAGE_VERSION = '2.2.0';

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;

/**
 * The transaction ids of an authentication's challenge messages: the 3DS server's (its method's,
 * or the authentication id's UUID) and the ACS's, derived from the id so nothing more is stored.
 */
export function transIds(record: AuthenticationRecord): { threeDSServerTransID: string; acsTransID: string } {
  return {
    threeDSServerTransID: record.threeDsServerTransId ?? record.id.slice(4),
    acsTransID: uuidOf(createHash('sha256').update(`acs:${record.id}`).digest('hex')),
  };
}

/** The window size of an authentication's challenge: what the SDK asked for; `03` when an older SDK sent none. */
const windowSizeOf = (record: AuthenticationRecord): ChallengeWindowSize => record.challengeWindowSize ?? '03';

/** The base64url `creq` that opens the challenge in the issuer's (ACS) page. */
export function encodeCreq(record: AuthenticationRecord): string {
  return encodeBase64UrlJson({
    messageType: 'CReq',
    messageVersion: MESSAGE_VERSION,
    ...transIds(record),
    challengeWindowSize: windowSizeOf(record),
  });
}

/** The base64url `cres` the ACS posts to the notification URL when the challenge ended. */
export function encodeCres(record: AuthenticationRecord, transStatus: 'Y' | 'N'): string {
  return encodeBase64UrlJson({
    messageType: 'CRes',
    messageVersion: MESSAGE_VERSION,
    ...transIds(record),
    transStatus,
    challengeCompletionInd: 'Y',
  });
}

type Check = [field: string, valid: (value: unknown) => boolean, rule: string];

/**
 * Reads a posted `creq` or `cres` (`name`) of this authentication: base64url JSON whose message
 * type, version and transaction ids are the ones of `record`, plus `extra` checks. Each problem
 * is an item naming the field (`creq.acsTransID`).
 */
function readMessage(
  name: 'creq' | 'cres',
  type: string,
  encoded: string | null,
  record: AuthenticationRecord,
  extra: Check[],
): ErrorItem[] {
  if (!encoded) return [{ code: REQUIRED_PARAMETER, parameterName: name, description: `${name} is required` }];
  const message = decodeBase64UrlJson(encoded);
  if (!message)
    return [
      {
        code: INVALID_PARAMETER,
        parameterName: name,
        description: `${name} must be base64url-encoded JSON (no padding)`,
      },
    ];
  const ids = transIds(record);
  const checks: Check[] = [
    ['messageType', (v) => v === type, `must be "${type}"`],
    ['messageVersion', (v) => v === MESSAGE_VERSION, `must be "${MESSAGE_VERSION}"`],
    [
      'threeDSServerTransID',
      (v) => v === ids.threeDSServerTransID,
      "must be this challenge's 3DS server transaction id",
    ],
    ['acsTransID', (v) => v === ids.acsTransID, "must be this challenge's ACS transaction id"],
    ...extra,
  ];
  return checks
    .filter(([field, valid]) => !valid(message[field]))
    .map(([field, , rule]) => ({
      code: INVALID_PARAMETER,
      parameterName: `${name}.${field}`,
      description: `${name}.${field} ${rule}`,
    }));
}

/**
 * Problems of a posted `creq` for this authentication; empty when it opens its challenge. The
 * window size must be the one the SDK asked for: the page is laid out for that frame.
 */
export const creqProblems = (encoded: string | null, record: AuthenticationRecord): ErrorItem[] =>
  readMessage('creq', 'CReq', encoded, record, [
    [
      'challengeWindowSize',
      (v) => v === windowSizeOf(record),
      `must be this challenge's window size (${windowSizeOf(record)}; one of ${CHALLENGE_WINDOW_SIZES.join(', ')})`,
    ],
  ]);

/** The transStatus a cres of this authentication carries: its decided result, or none before the code is decided. */
function decidedTransStatus(record: AuthenticationRecord): 'Y' | 'N' | null {
  if (record.status !== 'AUTH_FLOW_COMPLETED' || !record.authenticationStatus) return null;
  return record.authenticationStatus === 'AUTHENTICATED' ? 'Y' : 'N';
}

/**
 * Problems of a posted `cres` for this authentication; empty when it is this challenge's result.
 * Its transStatus must be the one the issuer decided: a cres posted before the code was decided,
 * or claiming another result, is refused rather than shown as an end.
 */
export const cresProblems = (encoded: string | null, record: AuthenticationRecord): ErrorItem[] => {
  const decided = decidedTransStatus(record);
  return readMessage('cres', 'CRes', encoded, record, [
    [
      'transStatus',
      (v) => decided !== null && v === decided,
      decided
        ? `must be this challenge's result (${decided})`
        : 'must wait for the issuer to decide the code (no result yet)',
    ],
  ]);
};
