import { inflateSync } from 'node:zlib';

/**
 * Readers for the boleto files, written independently of the renderers so tests check the
 * bytes against the formats themselves (PNG, PDF, ITF, FEBRABAN check digits).
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** Parses a PNG (8-bit grayscale, filter 0 rows), checking signature and every chunk's CRC. */
export function readGrayPng(png: Buffer): { width: number; height: number; rows: number[][] } {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('no PNG signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (crc32(png.subarray(offset + 4, offset + 8 + length)) !== png.readUInt32BE(offset + 8 + length))
      throw new Error(`bad CRC in ${type}`);
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[9] !== 0) throw new Error('not 8-bit grayscale');
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  if (types[0] !== 'IHDR' || types.at(-1) !== 'IEND') throw new Error(`bad chunk order ${types.join(',')}`);
  const raw = inflateSync(Buffer.concat(idat));
  const rows: number[][] = [];
  for (let y = 0; y < height; y++) {
    const start = y * (width + 1);
    if (raw[start] !== 0) throw new Error('unexpected filter');
    rows.push([...raw.subarray(start + 1, start + 1 + width)]);
  }
  return { width, height, rows };
}

const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/** Reads the digits of an ITF barcode from one row of pixels (dark < 128). */
export function decodeItfRow(row: number[]): string {
  const runs: number[] = [];
  let i = row.findIndex((p) => p < 128);
  const end = row.length - [...row].reverse().findIndex((p) => p < 128);
  while (i < end) {
    const dark = row[i]! < 128;
    let n = 0;
    while (i < end && row[i]! < 128 === dark) {
      i++;
      n++;
    }
    runs.push(n);
  }
  const narrow = Math.min(...runs);
  const wide = (w: number) => (w > narrow * 1.5 ? '1' : '0');
  if (runs.slice(0, 4).some((w) => wide(w) !== '0')) throw new Error('no ITF start pattern');
  const stop = runs.slice(-3).map(wide).join('');
  if (stop !== '100') throw new Error('no ITF stop pattern');
  const body = runs.slice(4, -3);
  let out = '';
  for (let k = 0; k < body.length; k += 10) {
    let bars = '';
    let spaces = '';
    for (let j = 0; j < 5; j++) {
      bars += wide(body[k + 2 * j]!);
      spaces += wide(body[k + 2 * j + 1]!);
    }
    out += `${PATTERNS.indexOf(bars)}${PATTERNS.indexOf(spaces)}`;
  }
  return out;
}

/** Checks a PDF's structure: header, every xref offset pointing at its object, trailer, EOF. */
export function checkPdf(pdf: Buffer): { objects: number; text: string } {
  const text = pdf.toString('latin1');
  if (!text.startsWith('%PDF-1.')) throw new Error('no PDF header');
  if (!text.trimEnd().endsWith('%%EOF')) throw new Error('no %%EOF');
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  if (!text.startsWith('xref', startxref)) throw new Error('startxref does not point at the xref table');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  entries.forEach((entry, i) => {
    const n = Number(first) + i;
    if (n === 0) return;
    const offset = Number(entry.slice(0, 10));
    if (!text.startsWith(`${n} 0 obj`, offset)) throw new Error(`xref entry ${n} points at the wrong place`);
  });
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index + m[0].length;
    if (!text.startsWith('\nendstream', start + Number(m[1]))) throw new Error('stream /Length is wrong');
  }
  if (!/trailer\s*<<[^>]*\/Root 1 0 R/.test(text)) throw new Error('no trailer root');
  return { objects: Number(count) - 1, text };
}

/** FEBRABAN mod 10 (digit line fields). */
export function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const p = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / 10) + (p % 10);
  });
  return (10 - (sum % 10)) % 10;
}

/** FEBRABAN mod 11 (the barcode's general check digit). */
export function mod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    sum += Number(d) * (2 + (i % 8));
  });
  const r = 11 - (sum % 11);
  return r === 0 || r === 10 || r === 11 ? 1 : r;
}
