import { CODE_AUTHENTICATES, CODE_FAILS, MAX_ATTEMPTS } from './issuer-simulator';

/** Languages of the challenge pages: the SDK passes the shopper's (its setUp locale). */
export type PageLocale = 'pt-BR' | 'en';
export const PAGE_LOCALES: readonly PageLocale[] = ['pt-BR', 'en'];

/** What the shopper reads on the host and issuer pages. */
export interface PageTexts {
  hostTitle: string;
  acsFrame: string;
  unknownIssuer: string;
  sandboxBadge: string;
  heading: string;
  purchase: (amount: string, card: string) => string;
  card: (brand: string, lastDigits: string) => string;
  sent: string;
  codeLabel: string;
  hint: string;
  submit: string;
  cancel: string;
  malformed: string;
  wrong: (attemptsLeft: number) => string;
  authenticated: string;
  notAuthenticated: string;
  expired: string;
  /** The challenge was canceled (by the shopper, or the store's time ran out): it cannot be completed. */
  canceled: string;
  returning: string;
  errorTitle: string;
}

export const PAGE_TEXTS: Record<PageLocale, PageTexts> = {
  'pt-BR': {
    hostTitle: 'Verificação do banco emissor',
    acsFrame: 'Página de verificação do banco emissor',
    unknownIssuer: 'Seu banco',
    sandboxBadge: 'Ambiente de testes',
    heading: 'Confirme que é você',
    purchase: (amount, card) => `Compra de ${amount}${card ? ` no cartão ${card}` : ''}.`,
    card: (brand, last) => `${brand} final ${last}`,
    sent: 'Enviamos um código de 6 dígitos por SMS para o seu celular cadastrado.',
    codeLabel: 'Código de verificação',
    hint: `Sandbox: ${CODE_AUTHENTICATES} autentica, ${CODE_FAILS} falha; outro código conta como errado (${MAX_ATTEMPTS} tentativas).`,
    submit: 'Confirmar',
    cancel: 'Cancelar',
    malformed: 'Digite os 6 dígitos do código.',
    wrong: (n) => `Código incorreto. ${n === 1 ? 'Resta 1 tentativa' : `Restam ${n} tentativas`}.`,
    authenticated: 'Pronto! Compra confirmada pelo seu banco.',
    notAuthenticated: 'Seu banco não confirmou esta compra.',
    expired: 'O tempo para esta verificação acabou.',
    canceled: 'Esta verificação foi cancelada.',
    returning: 'Voltando para a loja…',
    errorTitle: 'Não foi possível abrir a verificação',
  },
  en: {
    hostTitle: 'Card issuer verification',
    acsFrame: 'Card issuer verification page',
    unknownIssuer: 'Your bank',
    sandboxBadge: 'Test environment',
    heading: "Confirm it's you",
    purchase: (amount, card) => `Purchase of ${amount}${card ? ` on card ${card}` : ''}.`,
    card: (brand, last) => `${brand} ending in ${last}`,
    sent: 'We sent a 6-digit code by SMS to your registered phone.',
    codeLabel: 'Verification code',
    hint: `Sandbox: ${CODE_AUTHENTICATES} authenticates, ${CODE_FAILS} fails; any other code counts as wrong (${MAX_ATTEMPTS} attempts).`,
    submit: 'Confirm',
    cancel: 'Cancel',
    malformed: 'Type the 6 digits of the code.',
    wrong: (n) => `Wrong code. ${n === 1 ? '1 attempt left' : `${n} attempts left`}.`,
    authenticated: 'Done! Your bank confirmed the purchase.',
    notAuthenticated: 'Your bank did not confirm this purchase.',
    expired: 'The time for this verification is over.',
    canceled: 'This verification was canceled.',
    returning: 'Returning to the store…',
    errorTitle: 'The verification could not be opened',
  },
};
