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
 * What the challenge host page (penpal child) offers the SDK. A notice too: it moves focus only
 * inside the challenge origin's own pages.
 */
export type ChallengeHostMethods = {
  /**
   * The SDK shows the issuer's page: put focus on its code field. The SDK cannot reach into a
   * cross-origin frame, and browsers do not all fire `focus` on a frame's window when its
   * iframe element gets focus (Firefox in an inactive window, WebKit), so it asks instead.
   */
  focus(): void;
};

/** Query parameter the SDK adds to `challenge.url`: its page's origin, the only one the host talks to. */
export const CHALLENGE_PARENT_PARAM = 'parent';
/** Query parameter the SDK adds to `challenge.url`: the shopper's language (`pt-BR` or `en`). */
export const CHALLENGE_LOCALE_PARAM = 'locale';
