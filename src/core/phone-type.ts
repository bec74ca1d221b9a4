/** The kinds of phone a 3DS request's customer may give (`customer.phones[].type`). */
export const PHONE_TYPES = ['MOBILE', 'HOME', 'BUSINESS'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
