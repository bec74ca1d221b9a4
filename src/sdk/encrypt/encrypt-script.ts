// Entry of gateway-encrypt.js, the script-tag build's card-encryption code, loaded on the first
// encryptCard call: a page that never encrypts never downloads it.
import { encryptCard } from '../encrypt-card';
import { ENCRYPT_MODULE_KEY } from './encrypt-module-key';

(globalThis as Record<symbol, typeof encryptCard>)[ENCRYPT_MODULE_KEY] = encryptCard;
