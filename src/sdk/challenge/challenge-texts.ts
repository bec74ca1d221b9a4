import type { Locale } from '../types';

/** What the shopper reads in the challenge dialog, in each supported language. */
export interface ChallengeTexts {
  /** The dialog's visible title, which labels the dialog and the issuer's frame. */
  title: string;
  /** Accessible name of the close button. */
  close: string;
  /** Shown until the issuer's page is ready. */
  loading: string;
}

export const CHALLENGE_TEXTS: Record<Locale, ChallengeTexts> = {
  'pt-BR': {
    title: 'Confirme a compra com o seu banco',
    close: 'Fechar e cancelar a verificação',
    loading: 'Carregando a verificação do seu banco…',
  },
  en: {
    title: 'Confirm the purchase with your bank',
    close: 'Close and cancel the verification',
    loading: "Loading your bank's verification…",
  },
};
