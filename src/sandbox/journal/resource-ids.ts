import { ID_PREFIXES, UUID_PATTERN } from '../values/resource-id';

/** The resources the console shows, by the prefix of their ids (a boleto is a charge). */
const SHOWN_PREFIXES = [
  ID_PREFIXES.order,
  ID_PREFIXES.charge,
  ID_PREFIXES.qrCode,
  ID_PREFIXES.authentication,
  ID_PREFIXES.checkout,
];

const ANY_ID = new RegExp(`(?:${SHOWN_PREFIXES.join('|')})${UUID_PATTERN}`, 'g');

/** Every order, charge, QR code, 3DS authentication and checkout id written in the texts, once each. */
export const resourceIdsIn = (...texts: Array<string | undefined>): string[] => [
  ...new Set(texts.flatMap((t) => (t ? (t.match(ANY_ID) ?? []) : []))),
];
