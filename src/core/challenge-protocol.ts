import type { ChallengeEndReason } from './authentication-resource';

/**
 * The contract between the SDK (penpal parent, on the merchant's page) and the challenge host
 * page (penpal child, on the challenge origin). Every call is a notice, never a result: the
 * SDK reads the outcome from the API, so a forged call cannot complete an authentication.
 */
export type ChallengeParentMethods = {
  /** The issuer's page is loaded and waits for the shopper: stop showing the loading state. */
  ready(): void;
  /** The issuer says the challenge ended (passed or failed): read the authentication now. */
  ended(): void;
  /** The shopper canceled inside the frame (Escape, the issuer's cancel button). */
  cancel(): void;
};

/**
 * What the challenge host page (penpal child) offers the SDK. The SDK cannot reach the challenge
 * origin itself (the challenge token is the host's) nor into its cross-origin frames, so it asks.
 */
export type ChallengeHostMethods = {
  /**
   * The shopper canceled or the SDK's time ran out: the host tells the challenge origin, which
   * ends the authentication as CANCELED with `reason` unless its code was accepted first.
   * Settles once the challenge origin answered; the SDK then reads the API for the outcome.
   */
  end(reason: ChallengeEndReason): Promise<void>;
  /**
   * The SDK shows the issuer's page: put focus on its code field. Browsers do not all fire
   * `focus` on a frame's window when its iframe element gets focus (Firefox in an inactive
   * window, WebKit), so the SDK asks instead. A notice: it moves focus only inside the
   * challenge origin's own pages.
   */
  focus(): void;
};

/** Query parameter the SDK adds to `challenge.url`: its page's origin, the only one the host talks to. */
export const CHALLENGE_PARENT_PARAM = 'parent';
/** Query parameter the SDK adds to `challenge.url`: the shopper's language (`pt-BR` or `en`). */
export const CHALLENGE_LOCALE_PARAM = 'locale';

/** Path on the challenge origin where the host page records a challenge the shopper did not finish. */
export const CHALLENGE_END_PATH = '/challenge/end';
