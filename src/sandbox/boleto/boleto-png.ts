import { grayscalePng } from '../values/grayscale-png';
import { itfWidths } from './itf-barcode';

/** Pixels per ITF module: a narrow bar is 2 px wide, which scanners read at 96 dpi. */
const MODULE_PX = 2;
/** Blank margin each side, in modules: scanners need a quiet zone of ten. */
const QUIET_MODULES = 10;
const HEIGHT_PX = 100;

/** The boleto's barcode as a PNG: the 44 digits in ITF, black on white, every row the same. */
export function renderBarcodePng(barcode: string): Buffer {
  const row: number[] = new Array<number>(QUIET_MODULES * MODULE_PX).fill(255);
  itfWidths(barcode).forEach((modules, i) => {
    // Even elements are bars (black), odd ones the spaces between them.
    for (let k = 0; k < modules * MODULE_PX; k++) row.push(i % 2 === 0 ? 0 : 255);
  });
  for (let k = 0; k < QUIET_MODULES * MODULE_PX; k++) row.push(255);
  const pixels = Uint8Array.from(row);
  return grayscalePng(pixels.length, HEIGHT_PX, () => pixels);
}
