/** Card networks print at most this many characters of the merchant's name on a statement. */
const SOFT_DESCRIPTOR_LENGTH = 17;

/**
 * The statement descriptor as networks accept it: accents removed, only letters, digits,
 * spaces and `. * -` kept, spaces collapsed, cut to {@link SOFT_DESCRIPTOR_LENGTH}. This is why
 * the answered value may differ in spacing and length from the one sent (docs/rules.md#card-data).
 */
export function normalizeSoftDescriptor(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9.*\- ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SOFT_DESCRIPTOR_LENGTH)
    .trim();
}
