import type { AuthenticationResource } from '../../core/authentication-resource';
import type { AuthenticationRecord } from './authentication-store';

/**
 * The API shape of an authentication. `challengeToken` is given only in the creating POST's
 * response: the challenge URL carries that one secret, so a GET answers `challenge: null`.
 */
export function toResource(record: AuthenticationRecord, challengeUrl: string, challengeToken?: string): AuthenticationResource {
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
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    expires_at: record.expiresAt,
  };
}
