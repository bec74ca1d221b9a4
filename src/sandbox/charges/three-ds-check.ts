import type { ErrorItem } from '../../core/error-item';
import type { AuthenticationOutcomeValue } from '../../core/authentication-resource';
import { UNPROCESSABLE } from '../http/api-error-code';
import type { AuthenticationRecord } from '../three-ds/authentication-record';
import { formatBrl } from '../values/money';

/** What the charge says about the payment, to compare with what was authenticated. */
export interface AuthenticatedPayment {
  amount: number;
  type: 'CREDIT_CARD' | 'DEBIT_CARD';
  installments: number;
  firstDigits: string;
  lastDigits: string;
}

/**
 * Why a 3DS authentication cannot pay this charge (422 items), empty when it can. It must be the
 * merchant's own completed authentication, unexpired and unused, of the same card, amount,
 * payment type and installments: an id authenticated for R$ 10 must not pay R$ 1.000.
 * `at` is the charge's path prefix; `cardPath` the full path of the card field to name on a card mismatch.
 */
export function authenticationProblems(
  auth: AuthenticationRecord | undefined,
  payment: AuthenticatedPayment,
  now: number,
  at: string,
  cardPath: string,
): ErrorItem[] {
  const out: ErrorItem[] = [];
  const addAt = (path: string, description: string) =>
    out.push({ code: UNPROCESSABLE, parameterName: path, description: `${path} ${description}` });
  const add = (path: string, description: string) => addAt(`${at}${path}`, description);
  const idPath = 'payment_method.authentication_method.id';
  if (!auth) {
    add(idPath, 'does not name a 3DS authentication of this account');
    return out;
  }
  if (auth.status !== 'AUTH_FLOW_COMPLETED') {
    const why =
      auth.status === 'AUTH_NOT_SUPPORTED' && payment.type === 'DEBIT_CARD'
        ? ' (a debit card without 3DS cannot be charged: end the transaction)'
        : auth.status === 'CANCELED'
          ? ` (its challenge ended ${auth.endReason ?? 'CHALLENGE_CANCELED'}: authenticate again)`
          : '';
    add(idPath, `names an authentication in status ${auth.status}: only AUTH_FLOW_COMPLETED can pay${why}`);
    return out;
  }
  if (auth.usedAt !== null)
    add(idPath, `was already used by ${auth.usedBy ?? 'another payment'}: authenticate again for a new payment`);
  else if (Date.parse(auth.expiresAt) <= now) add(idPath, `expired at ${auth.expiresAt}: authenticate again`);
  if (auth.amountValue !== payment.amount)
    add(
      'amount.value',
      `must be ${auth.amountValue} (${formatBrl(auth.amountValue)}), the amount authenticated with 3DS`,
    );
  if (auth.cardType !== payment.type)
    add('payment_method.type', `must be ${auth.cardType}, the type authenticated with 3DS`);
  if (auth.installments !== payment.installments)
    add('payment_method.installments', `must be ${auth.installments}, the installments authenticated with 3DS`);
  // Every authentication stores the card's first 6 and last 4, whatever form the card came in; a
  // data file written before it did holds '' there, and then there is nothing to compare.
  if (
    auth.lastDigits &&
    (auth.lastDigits !== payment.lastDigits || (auth.firstDigits && auth.firstDigits !== payment.firstDigits))
  ) {
    addAt(cardPath, 'is not the card authenticated with 3DS');
  }
  return out;
}

/** An authentication result obtained outside the sandbox, as the charge keeps and answers it (never the CAVV). */
export interface ExternalAuthentication {
  type: 'THREEDS' | 'INAPP';
  status: AuthenticationOutcomeValue;
  eci: string;
  version?: string;
  dstrans_id?: string;
  liability_shift: boolean;
}

/**
 * ECIs that say the cardholder was authenticated (05 and 02, Visa's and Mastercard's) or that the
 * issuer took part in an attempt (06 and 01): either way the fraud liability is the issuer's, so
 * the sandbox issuer counts them as authenticated; 07 and 00 (no authentication) do not count.
 */
const AUTHENTICATED_ECIS: ReadonlySet<string> = new Set(['05', '02', '06', '01']);

/**
 * The outcome of an external 3DS result (type THREEDS with cavv and eci) or an in-app one (INAPP),
 * read from its ECI (docs/orders-and-charges.md#external-authentication): what decides a debit.
 */
export function externalAuthentication(method: {
  type: 'THREEDS' | 'INAPP';
  eci?: string;
  version?: string;
  dstrans_id?: string;
}): ExternalAuthentication {
  const eci = method.eci ?? '';
  const authenticated = AUTHENTICATED_ECIS.has(eci);
  return {
    type: method.type,
    status: authenticated ? 'AUTHENTICATED' : 'NOT_AUTHENTICATED',
    eci,
    ...(method.version !== undefined && { version: method.version }),
    ...(method.dstrans_id !== undefined && { dstrans_id: method.dstrans_id }),
    liability_shift: authenticated,
  };
}
