import type { AuthenticationData } from '../../core/authentication-request';
import type { AuthenticationStatusValue } from '../../core/authentication-resource';
import type { ChallengeWindowSize } from '../../core/challenge-window-size';
import type { SandboxFlow } from '../cards/sandbox-cards';
import type { CardResolver } from '../cards/card-resolver';
import { ApiError } from '../http/api-error';
import type { AuthenticationRecord, NewAuthentication } from './authentication-record';
import type { AuthenticationStore } from './authentication-store';
import type { ChangeOrigin } from '../journal/status-changes';

const STATUS: Record<Exclude<SandboxFlow, 'BACKEND_FAILURE'>, AuthenticationStatusValue> = {
  NOT_SUPPORTED: 'AUTH_NOT_SUPPORTED',
  DENIED: 'CHANGE_PAYMENT_METHOD',
  FRICTIONLESS: 'AUTH_FLOW_COMPLETED',
  CHALLENGE: 'REQUIRE_CHALLENGE',
};

/** The sandbox's directory server and issuers: decides each authentication by its card. */
export class ThreeDsEngine {
  constructor(
    private readonly store: AuthenticationStore,
    private readonly cards: CardResolver,
  ) {}

  /**
   * Decides and stores an authentication of validated data. The card, clear, encrypted or
   * stored, is resolved to its sandbox scenario and reduced to brand, first 6 and last 4 before
   * anything is stored. An encrypted card that does not decrypt, or an id that is not one of
   * the merchant's stored cards, throws a 400 naming it. The backend-failure card throws, so the
   * API answers 500 and stores nothing.
   */
  authenticate(
    merchantId: string,
    data: AuthenticationData,
    challengeWindowSize: ChallengeWindowSize | null = null,
    browser?: NewAuthentication['browser'],
    origin?: ChangeOrigin,
  ): { record: AuthenticationRecord; challengeToken: string | null } {
    const input = data.paymentMethod.card;
    const resolved = this.cards.resolve(
      merchantId,
      {
        number: 'number' in input ? input.number : undefined,
        expMonth: 'expMonth' in input ? input.expMonth : undefined,
        expYear: 'expYear' in input ? input.expYear : undefined,
        holderName: input.holder?.name,
        encrypted: 'encrypted' in input ? input.encrypted : undefined,
        id: 'id' in input ? input.id : undefined,
      },
      'data.paymentMethod.card',
    );
    if (!resolved.ok) throw new ApiError(400, [resolved.error]);
    const card = resolved.card;
    const scenario = card.scenario;
    if (scenario.flow === 'BACKEND_FAILURE') throw new Error('Simulated backend failure (sandbox card)');
    // A card range with a 3DS Method URL: the issuer decides only after the method (docs/three-ds-flow.md).
    const method = scenario.method ?? null;
    const status = method ? 'REQUIRE_METHOD' : STATUS[scenario.flow];
    const record: NewAuthentication = {
      merchantId,
      status,
      authenticationStatus: status === 'AUTH_FLOW_COMPLETED' ? scenario.outcome : null,
      brand: card.brand,
      issuer: scenario.issuer,
      amountValue: data.amount.value,
      installments: data.paymentMethod.installments,
      cardType: data.paymentMethod.type,
      cardSource: card.source,
      firstDigits: card.firstDigits,
      lastDigits: card.lastDigits,
      expMonth: card.expMonth,
      expYear: card.expYear,
      forcedOutcome: status === 'REQUIRE_CHALLENGE' ? scenario.outcome : null,
      methodMode: method,
      afterMethod: method ? (scenario.flow === 'CHALLENGE' ? 'CHALLENGE' : 'FRICTIONLESS') : null,
      methodCompletion: method ? null : 'U',
      challengeWindowSize,
      browser,
    };
    return this.store.create(record, origin);
  }
}
