import type { NewAuthentication } from '../../../src/sandbox/three-ds/authentication-record';

/** A challenge authentication of merchant M1, as the 3DS engine would decide it: the store's and the transitions' tests start from it. */
export const challengeAuthentication: NewAuthentication = {
  merchantId: 'M1',
  status: 'REQUIRE_CHALLENGE',
  authenticationStatus: null,
  brand: 'visa',
  issuer: 'Banco Exemplo',
  amountValue: 1000,
  installments: 1,
  cardType: 'CREDIT_CARD',
  cardSource: 'number',
  firstDigits: '400000',
  lastDigits: '2503',
  expMonth: 12,
  expYear: 2030,
  forcedOutcome: null,
  methodMode: null,
  afterMethod: null,
  methodCompletion: 'U',
  challengeWindowSize: null,
};
