import { ID_PREFIXES, UUID_PATTERN } from '../values/resource-id';

/**
 * The resources the console shows, by the prefix of their ids (a boleto is a charge), and those
 * whose requests it finds by id: a charge's split and a card token (docs/console.md).
 */
const SHOWN_PREFIXES = [
  ID_PREFIXES.order,
  ID_PREFIXES.charge,
  ID_PREFIXES.qrCode,
  ID_PREFIXES.authentication,
  ID_PREFIXES.checkout,
  ID_PREFIXES.split,
  ID_PREFIXES.card,
];

const ANY_ID = new RegExp(`(?:${SHOWN_PREFIXES.join('|')})${UUID_PATTERN}`, 'g');

/** Every order, charge, QR code, 3DS authentication, checkout, split and card token id written in the texts, once each. */
export const resourceIdsIn = (...texts: Array<string | undefined>): string[] => [
  ...new Set(texts.flatMap((t) => (t ? (t.match(ANY_ID) ?? []) : []))),
];
