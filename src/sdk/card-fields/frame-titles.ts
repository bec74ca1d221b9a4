import type { Locale } from '../types';
import type { CardFieldName } from './card-fields-types';

/** Each field frame's title, which screen readers announce on entering it; the page sets it on the iframe. */
export const FRAME_TITLES: Record<Locale, Record<CardFieldName, string>> = {
  'pt-BR': {
    number: 'Campo seguro: número do cartão',
    expiry: 'Campo seguro: validade do cartão',
    securityCode: 'Campo seguro: código de segurança do cartão',
    holderName: 'Campo seguro: nome impresso no cartão',
  },
  en: {
    number: 'Secure field: card number',
    expiry: 'Secure field: card expiry date',
    securityCode: 'Secure field: card security code',
    holderName: 'Secure field: name on the card',
  },
};
