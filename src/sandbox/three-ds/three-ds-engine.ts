import type { AuthenticationData } from '../../core/authentication-request';
import type { AuthenticationStatusValue } from '../../core/authentication-resource';
import { detectCardBrand } from '../../core/card-brand';
import { DEFAULT_SCENARIO, sandboxScenario, type SandboxFlow } from '../../core/sandbox-cards';
import type { AuthenticationRecord, AuthenticationStore, NewAuthentication } from './authentication-store';

const STATUS: Record<Exclude<SandboxFlow, 'BACKEND_FAILURE'>, AuthenticationStatusValue> = {
  NOT_SUPPORTED: 'AUTH_NOT_SUPPORTED',
  DENIED: 'CHANGE_PAYMENT_METHOD',
  FRICTIONLESS: 'AUTH_FLOW_COMPLETED',
  CHALLENGE: 'REQUIRE_CHALLENGE',
};

/** The sandbox's directory server and issuers: decides each authentication by its card. */
export class ThreeDsEngine {
  constructor(private readonly store: AuthenticationStore) {}

  /**
   * Decides and stores an authentication of validated data. A clear card number is looked up in
   * the sandbox cards and reduced to brand, first 6 and last 4 before anything is stored. A
   * tokenized or encrypted card, which the sandbox cannot read, gets the default scenario.
   * The backend-failure card throws, so the API answers 500 and stores nothing.
   */
  authenticate(merchantId: string, data: AuthenticationData): { record: AuthenticationRecord; challengeToken: string | null } {
    const card = data.paymentMethod.card;
    const number = 'number' in card ? card.number : undefined;
    const scenario = number ? sandboxScenario(number) : DEFAULT_SCENARIO;
    if (scenario.flow === 'BACKEND_FAILURE') throw new Error('Simulated backend failure (sandbox card)');
    const status = STATUS[scenario.flow];
    const input: NewAuthentication = {
      merchantId,
      status,
      authenticationStatus: status === 'AUTH_FLOW_COMPLETED' ? scenario.outcome : null,
      brand: number ? detectCardBrand(number) : 'unknown',
      issuer: scenario.issuer,
      amountValue: data.amount.value,
      installments: data.paymentMethod.installments,
      cardType: data.paymentMethod.type,
      cardSource: number ? 'number' : 'id' in card ? 'id' : 'encrypted',
      firstDigits: number ? number.slice(0, 6) : '',
      lastDigits: number ? number.slice(-4) : '',
      expMonth: 'expMonth' in card ? card.expMonth : null,
      expYear: 'expYear' in card ? card.expYear : null,
      forcedOutcome: status === 'REQUIRE_CHALLENGE' ? scenario.outcome : null,
    };
    return this.store.create(input);
  }
}
