// The words the shopper reads for each GatewayError code, in Portuguese: one table for the
// script-tag page, the ESM page and the saved-card page (test/unit/example-checkout-rules.test.ts
// fails when a code of the SDK has no words here).

/** What the shopper reads for each GatewayError code: what happened and what to do. */
export const MESSAGES = {
  VALIDATION_ERROR: 'Confira os dados destacados e tente de novo.',
  NETWORK_ERROR: 'Não conseguimos falar com o serviço de pagamento. Verifique sua conexão e tente de novo.',
  TIMEOUT: 'O serviço de pagamento demorou para responder. Tente de novo.',
  SERVER_ERROR: 'O serviço de pagamento está com instabilidade. Tente de novo em instantes.',
  INVALID_RESPONSE: 'O serviço de pagamento está com instabilidade. Tente de novo em instantes.',
  REQUEST_REJECTED: 'O serviço de pagamento recusou este pagamento. Tente outro cartão ou pague com boleto.',
  SESSION_EXPIRED: 'Sua sessão de pagamento expirou. Tente de novo.',
  CHALLENGE_CANCELED: 'Você fechou a confirmação do banco. Nada foi cobrado; tente de novo quando quiser.',
  CHALLENGE_NOT_OPENED: 'A confirmação do banco não foi aberta. Nada foi cobrado; tente de novo.',
  CHALLENGE_TIMEOUT: 'O tempo para confirmar no banco acabou. Nada foi cobrado; tente de novo.',
  CHALLENGE_FRAME_ERROR: 'Não foi possível abrir a página do seu banco. Tente de novo ou use outra forma de pagamento.',
  CHALLENGE_NOT_COMPLETED: 'A confirmação do banco não foi concluída. Nada foi cobrado; tente de novo.',
  ABORTED: 'O pagamento foi interrompido. Nada foi cobrado.',
  ALREADY_IN_PROGRESS: 'Seu pagamento já está em andamento. Aguarde.',
  INVALID_SETUP: 'Não foi possível iniciar o pagamento. Tente de novo em instantes.',
  NOT_SET_UP: 'Não foi possível iniciar o pagamento. Tente de novo em instantes.',
  BROWSER_REQUIRED: 'Não foi possível iniciar o pagamento. Recarregue a página.',
  CARD_FIELDS_ERROR: 'Os campos do cartão não carregaram. Recarregue a página ou pague com Pix ou boleto.',
};

/** For a failure the shopper can do nothing about but try again. */
export const FALLBACK = 'Não foi possível concluir o pagamento. Nada foi cobrado; tente de novo.';
