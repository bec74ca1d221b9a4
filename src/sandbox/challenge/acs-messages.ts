/**
 * Messages the issuer (ACS) page posts to the challenge host page that nests it. Both pages are
 * on the challenge origin; the host accepts them only from its own origin and its ACS frame.
 */
export const ACS_MESSAGE = {
  /** The code form is shown. */
  READY: 'gateway:acs-ready',
  /** The challenge ended (passed, failed or expired): the SDK should read the authentication. */
  ENDED: 'gateway:acs-ended',
  /** The shopper canceled (the cancel button or Escape). */
  CANCEL: 'gateway:acs-cancel',
} as const;

/** The one message the host page posts to the issuer page it nests (same origin only). */
export const HOST_MESSAGE = {
  /** The SDK shows the issuer's page: focus the code field. */
  FOCUS: 'gateway:host-focus',
} as const;

export type AcsMessageType = (typeof ACS_MESSAGE)[keyof typeof ACS_MESSAGE];

/** The one shape the ACS page posts. */
export interface AcsMessage {
  type: AcsMessageType;
}
