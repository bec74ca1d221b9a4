import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * A reader of Pix BR Codes written apart from the sandbox's writer (src/sandbox/pix/), as a
 * payer's bank reads one: fields parsed by their lengths, templates 26 and 62 opened, and the
 * CRC16/CCITT-FALSE recomputed with a lookup table (the sandbox computes it bit by bit).
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = (c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1) & 0xffff;
  return c;
});

/** CRC-16/CCITT-FALSE of an ASCII text, as four upper-case hex digits. */
export function crcCcittFalse(text: string): string {
  let crc = 0xffff;
  for (const b of Buffer.from(text, 'utf8')) crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ b) & 0xff]!;
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The fields of an EMV TLV string, in order; throws on a length that overruns the text. */
export function parseTlv(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length)
      throw new Error(`bad TLV at ${at}: ${text.slice(at, at + 10)}`);
    out.push([id, text.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return out;
}

export interface BrCode {
  fields: Map<string, string>;
  gui: string;
  key: string | undefined;
  location: string | undefined;
  txid: string | undefined;
  crcValid: boolean;
  /** Field ids in the order they appear. */
  order: string[];
}

/** Reads a BR Code: top-level fields, the Pix account template (26), the additional data (62), the CRC. */
export function readBrCode(text: string): BrCode {
  const top = parseTlv(text);
  const fields = new Map(top);
  const account = new Map(parseTlv(fields.get('26') ?? ''));
  const extra = new Map(parseTlv(fields.get('62') ?? ''));
  const crc = fields.get('63');
  return {
    fields,
    gui: account.get('00') ?? '',
    key: account.get('01'),
    location: account.get('25'),
    txid: extra.get('05'),
    crcValid: top.at(-1)?.[0] === '63' && crc === crcCcittFalse(text.slice(0, -4)),
    order: top.map(([id]) => id),
  };
}

/** Decodes the QR code in a PNG with jsQR, an independent decoder, as a phone camera would. */
export function decodeQrPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}
