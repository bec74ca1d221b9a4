// The SDK session: created by the merchant server, handed to setUp, renewed when it expires.
import {
  authenticate3DS,
  env,
  ErrorCode,
  GatewayError,
  setUp,
  type AuthenticationRequest,
  type AuthenticationResult,
} from '@gateway/sdk';
import { createSession } from './merchant-api';

/**
 * Sets the SDK up with a new session. `apiUrl` is needed because this bundle, unlike the
 * script tag the sandbox serves, cannot know where the API runs.
 */
export async function startSession(apiUrl: string): Promise<void> {
  setUp({ session: await createSession(), env: env.SANDBOX, apiUrl });
}

/**
 * authenticate3DS, once more with a new session when the session expired (sessions last 30
 * minutes: a shopper may take longer to fill the form).
 */
export async function authenticate(
  request: () => AuthenticationRequest,
  apiUrl: string,
): Promise<AuthenticationResult> {
  try {
    return await authenticate3DS(request());
  } catch (error) {
    if (!(error instanceof GatewayError) || error.code !== ErrorCode.SESSION_EXPIRED) throw error;
    await startSession(apiUrl);
    return authenticate3DS(request());
  }
}
