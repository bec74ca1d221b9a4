import type { Locale } from '../../types';
import type { CardFieldName } from '../card-fields-types';
import type { FieldVerdict } from './card-input-rules';

type Problem = NonNullable<FieldVerdict['problem']>;

/** What a field's frame says, in each language: its label, placeholder and the message of each problem. */
export interface FieldTexts {
  label: string;
  placeholder: string;
  messages: Record<Problem, string>;
}

export const FIELD_TEXTS: Record<Locale, Record<CardFieldName, FieldTexts>> = {
  'pt-BR': {
    number: {
      label: 'Número do cartão',
      placeholder: '0000 0000 0000 0000',
      messages: {
        required: 'Informe o número do cartão.',
        incomplete: 'O número do cartão está incompleto.',
        invalid: 'Número do cartão inválido: confira os dígitos.',
        expired: 'Número do cartão inválido: confira os dígitos.',
      },
    },
    expiry: {
      label: 'Validade (MM/AA)',
      placeholder: 'MM/AA',
      messages: {
        required: 'Informe a validade do cartão.',
        incomplete: 'A validade está incompleta: use MM/AA.',
        invalid: 'Validade inválida: use o mês (01 a 12) e o ano, MM/AA.',
        expired: 'Este cartão está vencido.',
      },
    },
    securityCode: {
      label: 'Código de segurança (CVV)',
      placeholder: '123',
      messages: {
        required: 'Informe o código de segurança.',
        incomplete: 'O código de segurança está incompleto.',
        invalid: 'Código de segurança inválido.',
        expired: 'Código de segurança inválido.',
      },
    },
    holderName: {
      label: 'Nome impresso no cartão',
      placeholder: '',
      messages: {
        required: 'Informe o nome impresso no cartão.',
        incomplete: 'Informe o nome como está impresso no cartão.',
        invalid: 'Use só letras, espaços, apóstrofo, ponto ou hífen (2 a 64).',
        expired: 'Informe o nome como está impresso no cartão.',
      },
    },
  },
  en: {
    number: {
      label: 'Card number',
      placeholder: '0000 0000 0000 0000',
      messages: {
        required: 'Enter the card number.',
        incomplete: 'The card number is incomplete.',
        invalid: 'Invalid card number: check the digits.',
        expired: 'Invalid card number: check the digits.',
      },
    },
    expiry: {
      label: 'Expiry date (MM/YY)',
      placeholder: 'MM/YY',
      messages: {
        required: 'Enter the expiry date.',
        incomplete: 'The expiry date is incomplete: use MM/YY.',
        invalid: 'Invalid expiry date: use the month (01 to 12) and year, MM/YY.',
        expired: 'This card has expired.',
      },
    },
    securityCode: {
      label: 'Security code (CVV)',
      placeholder: '123',
      messages: {
        required: 'Enter the security code.',
        incomplete: 'The security code is incomplete.',
        invalid: 'Invalid security code.',
        expired: 'Invalid security code.',
      },
    },
    holderName: {
      label: 'Name on the card',
      placeholder: '',
      messages: {
        required: 'Enter the name on the card.',
        incomplete: 'Enter the name as printed on the card.',
        invalid: 'Use letters, spaces, apostrophes, dots or hyphens only (2 to 64).',
        expired: 'Enter the name as printed on the card.',
      },
    },
  },
};
