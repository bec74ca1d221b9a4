/**
 * Interleaved 2 of 5 (ITF), the symbology of the boleto barcode. Digits go in pairs: the first
 * digit's five elements are bars, the second's are the spaces between them.
 */

/** Width of a wide element in modules (FEBRABAN: narrow to wide 1 to 3). */
const WIDE = 3;
const NARROW = 1;
// Each digit's five elements, wide (1) or narrow (0).
const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/**
 * The element widths of an ITF symbol, in modules, alternating bar and space and starting with
 * a bar: start pattern, the digit pairs, stop pattern. `digits` must have an even length.
 */
export function itfWidths(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('ITF encodes an even number of digits');
  const widths = [NARROW, NARROW, NARROW, NARROW];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])]!;
    const spaces = PATTERNS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(bars[k] === '1' ? WIDE : NARROW, spaces[k] === '1' ? WIDE : NARROW);
  }
  widths.push(WIDE, NARROW, NARROW);
  return widths;
}
