/** How a card pays (`paymentMethod.type` of a 3DS request). */
export const CARD_PAYMENT_TYPES = ['CREDIT_CARD', 'DEBIT_CARD'] as const;
export type CardPaymentType = (typeof CARD_PAYMENT_TYPES)[number];
