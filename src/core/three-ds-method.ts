/**
 * The 3DS Method's contract between the SDK and the sandbox's pages (docs/three-ds-flow.md): the
 * form field both the method URL and the notification URL receive, and the message the
 * notification page posts to the SDK's page once the ACS notified.
 */
export const METHOD_DATA_FIELD = 'threeDSMethodData';
/** `type` of the message the notification page posts to its parent (the SDK's page). */
export const METHOD_NOTIFIED_MESSAGE = 'gateway:3ds-method-notified';
/** The notification page's message: which method ended. Nothing secret, so it may go to any parent origin. */
export interface MethodNotifiedMessage {
  type: typeof METHOD_NOTIFIED_MESSAGE;
  threeDSServerTransID: string;
}
/** Path of the continue call, after the authentication's: `POST /checkout-sdk/3ds/authentications/{id}/continue`. */
export const CONTINUE_PATH = '/continue';
