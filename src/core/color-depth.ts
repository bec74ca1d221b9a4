/** The color depths EMV 3DS accepts in `browserColorDepth`, in bits per pixel. */
export const EMV_COLOR_DEPTHS = [1, 4, 8, 15, 16, 24, 32, 48] as const;
export type EmvColorDepth = (typeof EMV_COLOR_DEPTHS)[number];

/**
 * The EMV value for a screen's `colorDepth`: the largest EMV depth not above it (a 30-bit screen
 * is sent as 24), 1 below the smallest, 48 above the largest; 24 when the browser gives no number.
 */
export function emvColorDepth(bits: number): EmvColorDepth {
  if (!Number.isFinite(bits)) return 24;
  let depth: EmvColorDepth = 1;
  for (const value of EMV_COLOR_DEPTHS) if (value <= bits) depth = value;
  return depth;
}
