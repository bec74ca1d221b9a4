import type {
  AuthenticationOutcomeValue,
  AuthenticationStatusValue,
  TransStatus,
} from '../../core/authentication-resource';
import type { CardBrand } from '../../core/card-brand';

/**
 * The transStatus of an authentication as the sandbox keeps it (docs/three-ds-flow.md#result-fields);
 * null while the 3DS Method is still running (no ARes yet).
 */
export function transStatusOf(
  status: AuthenticationStatusValue,
  outcome: AuthenticationOutcomeValue | null,
): TransStatus | null {
  switch (status) {
    case 'AUTH_FLOW_COMPLETED':
      return outcome === 'AUTHENTICATED' ? 'Y' : 'N';
    case 'REQUIRE_CHALLENGE':
      return 'C';
    case 'AUTH_NOT_SUPPORTED':
      return 'U';
    case 'CHANGE_PAYMENT_METHOD':
      return 'R';
    case 'CANCELED':
      return 'N';
    default:
      return null;
  }
}

/**
 * The Electronic Commerce Indicator of a final transStatus: Mastercard 02 authenticated, 01
 * attempted, 00 not authenticated; Visa, Elo and the other networks 05, 06, 07. Null while the
 * flow is not final (C, or no ARes yet).
 */
export function eciOf(brand: CardBrand, transStatus: TransStatus | null): string | null {
  if (transStatus === null || transStatus === 'C') return null;
  const [authenticated, attempted, not] = brand === 'mastercard' ? ['02', '01', '00'] : ['05', '06', '07'];
  return transStatus === 'Y' ? authenticated : transStatus === 'A' ? attempted : not;
}

/** Whether a fraud chargeback moves from the merchant to the issuer: only an authenticated (Y) or attempted (A) payment. */
export const liabilityShiftOf = (transStatus: TransStatus | null): boolean =>
  transStatus === 'Y' || transStatus === 'A';
