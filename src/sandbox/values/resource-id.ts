import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';

/**
 * The prefix of each resource's id. An id is its prefix then a random v4 UUID in lower case, as
 * Node's `randomUUID` writes it (`3DS_1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed`; docs/rules.md#formats).
 */
export const ID_PREFIXES = {
  authentication: '3DS_',
  order: 'ORDE_',
  charge: 'CHAR_',
  qrCode: 'QRCO_',
  card: 'CARD_',
  event: 'EVT_',
  publicKey: 'PUBK_',
  checkout: 'CHEC_',
  split: 'SPLI_',
} as const;
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/** A lower-case UUID, as a regular expression's source: to build a pattern around it. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The id pattern as JSON Schema and zod take it: `^<prefix><uuid>$` (a bare UUID without a prefix). */
export const idPattern = (prefix: IdPrefix | '' = ''): string => `^${prefix}${UUID_PATTERN}$`;

/**
 * An id with `prefix`, as a zod schema: a path or query parameter's check and its JSON Schema. A
 * lookup needs no more than this: an id of the right form that names nothing is answered as unknown.
 */
export const resourceId = (prefix: IdPrefix) => z.string().check(z.regex(new RegExp(idPattern(prefix))));

const BARE_UUID = new RegExp(idPattern());
/** A bare lower-case UUID: a boleto's id, a 3DS Server transaction id, a Pix random key. */
export const isUuid = (value: string): boolean => BARE_UUID.test(value);

/** A new id with `prefix`. */
export const newId = (prefix: IdPrefix): string => `${prefix}${randomUUID()}`;
