/** The header the SDK authenticates with: the session, never the merchant's bearer token. */
export const SESSION_HEADER = 'X-Gateway-Session';
