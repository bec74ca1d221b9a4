import type { AuthenticationResource } from '../../core/authentication-resource';
import type { AuthenticationRecord } from './authentication-record';
import { encodeBase64UrlJson } from './base64url-json';
import { eciOf, liabilityShiftOf, transStatusOf } from './three-ds-result';

/** Path of the issuer's (ACS) 3DS Method page on the challenge origin. */
export const METHOD_PATH = '/challenge/acs/method';
/** Path on the challenge origin where the ACS posts when its 3DS Method is done (the 3DS server's notification URL). */
export const METHOD_NOTIFICATION_PATH = '/challenge/method-notification';

/**
 * The API shape of an authentication. `challengeToken` is given only in the creating POST's (or
 * the continue call's) response: the challenge URL carries that one secret, so a GET answers
 * `challenge: null`. Likewise `withMethod` only there: the method data carries the 3DS server's
 * transaction id, which the notification URL accepts. Never the CAVV: this goes to the browser.
 */
export function toResource(
  record: AuthenticationRecord,
  challengeUrl: string,
  challengeToken?: string,
  withMethod = false,
): AuthenticationResource {
  const challenge =
    record.status === 'REQUIRE_CHALLENGE' && challengeToken
      ? {
          url: `${challengeUrl}/challenge/host?authentication=${encodeURIComponent(record.id)}&token=${encodeURIComponent(challengeToken)}`,
          origin: challengeUrl,
          expires_at: record.expiresAt,
        }
      : null;
  return {
    id: record.id,
    status: record.status,
    authentication_status: record.authenticationStatus,
    reason: record.endReason,
    brand: record.brand,
    issuer: record.issuer,
    challenge,
    method: withMethod ? methodStep(record, challengeUrl) : null,
    ...resultFields(record),
    method_completion: record.methodCompletion,
    challenge_window_size: record.challengeWindowSize,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    expires_at: record.expiresAt,
  };
}

/** The EMV result of an authentication: transStatus, ECI and liability (docs/three-ds-flow.md#result-fields). */
export function resultFields(
  record: AuthenticationRecord,
): Pick<AuthenticationResource, 'trans_status' | 'eci' | 'liability_shift'> {
  const trans = transStatusOf(record.status, record.authenticationStatus);
  return { trans_status: trans, eci: eciOf(record.brand, trans), liability_shift: liabilityShiftOf(trans) };
}

function methodStep(record: AuthenticationRecord, challengeUrl: string): AuthenticationResource['method'] {
  const transId = record.threeDsServerTransId;
  if (record.status !== 'REQUIRE_METHOD' || !transId) return null;
  const notificationUrl = `${challengeUrl}${METHOD_NOTIFICATION_PATH}`;
  return {
    url: `${challengeUrl}${METHOD_PATH}`,
    three_ds_server_trans_id: transId,
    three_ds_method_data: encodeBase64UrlJson({
      threeDSServerTransID: transId,
      threeDSMethodNotificationURL: notificationUrl,
    }),
    notification_url: notificationUrl,
  };
}
