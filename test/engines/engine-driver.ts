/**
 * The frames of a checkout: the merchant page, the challenge host frame, the issuer page nested in
 * it, and the hosted card fields' frames (`card:number`, …: docs/card-fields.md).
 */
export type FrameName = 'page' | 'host' | 'issuer' | `card:${'number' | 'expiry' | 'securityCode'}`;

/** The engines the cross-engine suite drives (Chromium has its own Playwright suite in test/e2e). */
export type EngineName = 'firefox' | 'webkit';

/**
 * What a scenario needs from a browser, the same over WebDriver BiDi (puppeteer-core, Firefox)
 * and WebDriver classic (selenium-webdriver, WebKitGTK). Clicks and keys are real input events,
 * not script calls, so focus and keyboard behaviour are the engine's own.
 */
export interface EngineDriver {
  readonly name: EngineName;
  /** The browser's version, for the report. */
  readonly version: string;
  /** Navigates the tab and waits for the page's load event. */
  goto(url: string): Promise<void>;
  /** Evaluates a JavaScript expression (a promise is awaited) in a frame; throws when the frame is not there. */
  evaluate<T>(frame: FrameName, expression: string): Promise<T>;
  /** Clicks the element a selector finds in a frame (in the page, shadow roots are searched too). */
  click(frame: FrameName, selector: string): Promise<void>;
  /** Types text as keystrokes into whatever element has the focus. */
  type(text: string): Promise<void>;
  /** Presses one key (`Escape`, `Tab`, `Shift+Tab`) on whatever element has the focus. */
  press(key: 'Escape' | 'Tab' | 'Shift+Tab'): Promise<void>;
  /** A PNG of the tab's viewport, for a person to look at what the shopper sees. */
  screenshot(): Promise<Buffer>;
  /** Ends the browser and everything started for it. */
  close(): Promise<void>;
}

/**
 * The script that finds an element by selector in the document or in any open shadow root of it
 * (the SDK's dialog lives in one).
 */
export const deepQuery = (selector: string): string =>
  `(() => { const s = ${JSON.stringify(selector)}; const hit = document.querySelector(s); if (hit) return hit; for (const el of document.querySelectorAll('*')) { const found = el.shadowRoot && el.shadowRoot.querySelector(s); if (found) return found; } return null; })()`;
