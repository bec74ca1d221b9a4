// Card brands as people write them ("visa" is Visa), for the saved-card page.
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
};

export const brandName = (brand: string): string => BRANDS[brand.toLowerCase()] ?? brand;
