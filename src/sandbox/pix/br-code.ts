import { crc16, tlv } from './emv-tlv';

/** What a Pix BR Code of the sandbox carries (docs/pix.md#the-br-code). */
export interface BrCodeFields {
  /** The receiver's Pix key (the account's `pix_key`). */
  key: string;
  /** Cents; written in field 54 as reais with two decimals. */
  amount: number;
  /** The account's `merchant_name`, at most 25 characters once normalised. */
  merchantName: string;
  /** The account's `merchant_city`, at most 15 characters once normalised. */
  merchantCity: string;
  /** Identifies the QR code (field 62-05): 1 to 25 letters and digits. */
  txid: string;
}

/** Merchant category code 0000: "not informed", the value Pix codes use. */
const MCC_NOT_INFORMED = '0000';
/** ISO 4217 numeric code of the real. */
const BRL_CODE = '986';

/**
 * The BR Code's texts are plain ASCII (the payer's bank shows them): accents dropped, anything
 * but letters, digits and spaces turned into a space, cut to the field's length.
 */
const brCodeText = (text: string, max: number): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

/**
 * A static Pix BR Code with a key, an amount and a txid (EMV QRCPS-MPM as Banco Central's
 * "Manual de Padrões para Iniciação do Pix" lays it out): 00 format, 26 merchant account
 * (GUI br.gov.bcb.pix, key), 52 MCC, 53 currency, 54 amount, 58 country, 59 name, 60 city,
 * 62-05 txid, 63 CRC16. Static rather than dynamic: a dynamic code holds only a location, whose
 * payload the payer's bank fetches as a JWS signed with the receiving institution's certificate,
 * which no sandbox can hold; a static code carries everything, so any reader checks it offline.
 */
export function buildBrCode(f: BrCodeFields): string {
  const name = brCodeText(f.merchantName, 25) || 'GATEWAY';
  const city = brCodeText(f.merchantCity, 15) || 'SAO PAULO';
  const payload =
    tlv('00', '01') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', f.key)) +
    tlv('52', MCC_NOT_INFORMED) +
    tlv('53', BRL_CODE) +
    tlv('54', `${Math.floor(f.amount / 100)}.${String(f.amount % 100).padStart(2, '0')}`) +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', f.txid)) +
    '6304';
  return payload + crc16(payload);
}
