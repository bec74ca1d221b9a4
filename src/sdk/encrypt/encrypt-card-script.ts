import { sdkFileUrl } from '../api-url';
import { getConfig } from '../config';
import type { encryptCard as EncryptCard, EncryptCardInput, EncryptCardResult } from '../encrypt-card';
import { loadScript } from '../load-script';
import { ENCRYPT_INTEGRITY } from './encrypt-integrity';
import { ENCRYPT_MODULE_KEY } from './encrypt-module-key';

export type { EncryptCardError, EncryptCardErrorCode, EncryptCardInput, EncryptCardResult } from '../encrypt-card';

let loading: Promise<typeof EncryptCard> | undefined;

/**
 * The script-tag build's encryptCard (rollup swaps it in for encrypt-card.ts): the same function,
 * fetched from gateway-encrypt.js beside gateway.js on first use, so the script every checkout
 * loads carries none of it. Like encryptCard, never rejects: when the code cannot be loaded it
 * resolves with ENCRYPTION_UNAVAILABLE, and the next call tries again.
 */
export async function encryptCard(input: EncryptCardInput): Promise<EncryptCardResult> {
  let encrypt: typeof EncryptCard;
  try {
    encrypt = await (loading ??= loadScript<typeof EncryptCard>(
      sdkFileUrl('gateway-encrypt.js', getConfig()?.apiUrl),
      ENCRYPT_INTEGRITY,
      ENCRYPT_MODULE_KEY,
    ));
  } catch {
    loading = undefined;
    return {
      hasErrors: true,
      errors: [
        {
          code: 'ENCRYPTION_UNAVAILABLE',
          parameterName: 'publicKey',
          message:
            'The card-encryption code (gateway-encrypt.js) could not be loaded: serve it next to gateway.js and allow it in CSP script-src.',
        },
      ],
    };
  }
  return encrypt(input);
}
