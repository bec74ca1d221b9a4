import { encodeQR } from '@paulmillr/qr';
import { grayscalePng } from '../values/grayscale-png';

/** Pixels per QR module: a 6 px module reads from a phone held at arm's length off a laptop screen. */
const MODULE_PX = 6;
/** The quiet zone the QR standard asks for, in modules, on every side. */
const QUIET_MODULES = 4;

/**
 * The BR Code as a QR code PNG, black on white. The QR symbol is @paulmillr/qr's: an ES module
 * without dependencies, so rollup bundles it into dist/sandbox like hono (the sandbox build has no
 * CommonJS plugin, and the package no runtime dependencies), where `qrcode` is CommonJS and would
 * have to stay external and become a dependency of the package, with pngjs and yargs behind it.
 * Error correction M, as payment apps print Pix codes: a smudged screen still reads.
 */
export function renderQrPng(text: string): Buffer {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_MODULES });
  const size = modules.length * MODULE_PX;
  return grayscalePng(size, size, (y) => {
    const line = modules[Math.floor(y / MODULE_PX)]!;
    const row = new Uint8Array(size);
    for (let x = 0; x < size; x++) row[x] = line[Math.floor(x / MODULE_PX)] ? 0 : 255;
    return row;
  });
}
