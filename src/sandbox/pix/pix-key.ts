import { emailRule, taxIdRule, type FieldRule } from '../../core/field-rules';
import { isUuid } from '../values/resource-id';

/**
 * A Pix key of one of the five kinds Banco Central registers (docs/pix.md#account-settings): a
 * random key (EVP, a UUID, lower case), an e-mail address (at most 77 characters, what the BR
 * Code's account field leaves), a phone `+55` with area code and number, or a CPF or CNPJ in
 * digits with valid check digits.
 */
export const pixKeyRule: FieldRule = {
  message:
    'must be a Pix key: a random key (UUID), an e-mail address, a phone such as +5511912345678, or a CPF or CNPJ in digits',
  normalise: (v) => {
    if (typeof v !== 'string') return v;
    const key = v.trim();
    return isUuid(key.toLowerCase()) ? key.toLowerCase() : key;
  },
  test: (v) =>
    typeof v === 'string' &&
    v.length <= 77 &&
    (isUuid(v) || /^\+55\d{10,11}$/.test(v) || (/^(\d{11}|\d{14})$/.test(v) && taxIdRule.test(v)) || emailRule.test(v)),
};
