import { deflateSync } from 'node:zlib';
import { itfWidths } from './itf-barcode';

/** Pixels per ITF module: a narrow bar is 2 px wide, which scanners read at 96 dpi. */
const MODULE_PX = 2;
/** Blank margin each side, in modules: scanners need a quiet zone of ten. */
const QUIET_MODULES = 10;
const HEIGHT_PX = 100;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * The boleto's barcode as a PNG: the 44 digits in ITF, black on white, 8-bit grayscale. Built
 * by hand (signature, IHDR, one deflated IDAT, IEND) so the sandbox needs no image library.
 */
export function renderBarcodePng(barcode: string): Buffer {
  const row: number[] = new Array<number>(QUIET_MODULES * MODULE_PX).fill(255);
  itfWidths(barcode).forEach((modules, i) => {
    // Even elements are bars (black), odd ones the spaces between them.
    for (let k = 0; k < modules * MODULE_PX; k++) row.push(i % 2 === 0 ? 0 : 255);
  });
  for (let k = 0; k < QUIET_MODULES * MODULE_PX; k++) row.push(255);
  const width = row.length;
  const scanline = Uint8Array.from([0, ...row]); // filter type 0: the row as it is
  const raw = new Uint8Array(scanline.length * HEIGHT_PX);
  for (let y = 0; y < HEIGHT_PX; y++) raw.set(scanline, y * scanline.length);

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(HEIGHT_PX, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, grayscale, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
