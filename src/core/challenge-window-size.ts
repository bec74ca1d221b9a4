/**
 * EMV 3DS challenge window sizes: `01` 250×400, `02` 390×400, `03` 500×600, `04` 600×400 (width ×
 * height, CSS pixels), `05` full screen.
 */
export const CHALLENGE_WINDOW_SIZES = ['01', '02', '03', '04', '05'] as const;
export type ChallengeWindowSize = (typeof CHALLENGE_WINDOW_SIZES)[number];

/** Width and height of the issuer's page for each fixed size. */
export const WINDOW_DIMENSIONS: Readonly<Record<Exclude<ChallengeWindowSize, '05'>, readonly [number, number]>> = {
  '01': [250, 400],
  '02': [390, 400],
  '03': [500, 600],
  '04': [600, 400],
};

/** Below this viewport width the challenge takes the whole screen (`05`): a phone held upright. */
const NARROW_VIEWPORT_PX = 600;
/** Room the dialog needs around the issuer's page: its header, border and a margin. */
const DIALOG_CHROME_PX = { width: 48, height: 96 } as const;

/**
 * The challenge window size for a viewport: `05` on narrow viewports, otherwise the largest
 * (by area: 03, 04, 02, 01) of `01`–`04` whose page and the dialog around it
 * ({@link DIALOG_CHROME_PX}) fit; `05` when none fits. Written out rather than looped over
 * {@link WINDOW_DIMENSIONS}: it ships in gateway.js, where every byte counts. Above 600 px wide
 * every width but 04's fits, and 01 and 02 have one height, so two heights decide.
 */
export function chooseWindowSize(viewportWidth: number, viewportHeight: number): ChallengeWindowSize {
  if (!(viewportWidth >= NARROW_VIEWPORT_PX)) return '05';
  // 03: 500×600; 04: 600×400; 02: 390×400 (01, 250×400, is never the largest that fits).
  if (viewportHeight >= 600 + DIALOG_CHROME_PX.height) return '03';
  if (viewportHeight >= 400 + DIALOG_CHROME_PX.height)
    return viewportWidth >= 600 + DIALOG_CHROME_PX.width ? '04' : '02';
  return '05';
}
