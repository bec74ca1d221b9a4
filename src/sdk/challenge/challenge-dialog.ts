import { WINDOW_DIMENSIONS, type ChallengeWindowSize } from '../../core/challenge-window-size';
import type { Locale } from '../types';
import { styleElements } from './challenge-element-styles';
import { CHALLENGE_CSS } from './challenge-styles';
import { CHALLENGE_TEXTS } from './challenge-texts';

/** The challenge overlay once shown: the parts the challenge run listens to, and its teardown. */
export interface ChallengeDialog {
  dialog: HTMLDialogElement;
  closeButton: HTMLButtonElement;
  frame: HTMLIFrameElement;
  /** Ends the loading state: shows the issuer's page and moves focus into it. */
  showFrame(): void;
  /** Closes and removes the overlay, gives the page its scroll back and focus to where it was. */
  remove(): void;
}

/**
 * Shows the challenge as a modal <dialog> in the browser's top layer (above the merchant's own
 * dialogs), in a shadow root, framing `src` behind a loading state until {@link ChallengeDialog.showFrame}.
 * The issuer's page takes the EMV window `size` the SDK asked the API for (`05`: the whole
 * screen); without one, the stylesheet's default. Throws when the browser cannot show a modal dialog.
 */
export function mountChallengeDialog(src: string, locale: Locale, size?: ChallengeWindowSize | null): ChallengeDialog {
  const doc = document;
  const texts = CHALLENGE_TEXTS[locale];
  const make = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<HTMLElementTagNameMap[K]> = {},
    attributes: Record<string, string> = {},
  ) => {
    const element = Object.assign(doc.createElement(tag), props);
    for (const name in attributes) element.setAttribute(name, attributes[name]!);
    return element;
  };
  const previous = doc.activeElement as HTMLElement | null;
  const root = doc.documentElement;
  const overflow = root.style.overflow;
  const x = scrollX;
  const y = scrollY;

  const host = make('div');
  const shadow = host.attachShadow({ mode: 'open' });
  const constructed = !!shadow.adoptedStyleSheets;
  if (constructed) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CHALLENGE_CSS);
    shadow.adoptedStyleSheets = [sheet];
  }
  // data-gateway marks the parts integrators' tests reach: public API (docs/testing.md), never rename.
  const dialog = make('dialog', {}, { 'aria-labelledby': 't', 'data-gateway': 'challenge' });
  const header = make('header');
  const closeButton = make(
    'button',
    { type: 'button', textContent: '×' },
    { 'aria-label': texts.close, 'data-gateway': 'close' },
  );
  const title = make('h2', { id: 't', textContent: texts.title });
  header.append(title, closeButton);
  const status = make('div', { textContent: texts.loading }, { role: 'status' });
  // Hidden, not unloaded: the issuer's page loads behind the loading state.
  const frame = make(
    'iframe',
    { src, title: texts.title, hidden: true },
    { allow: 'payment; publickey-credentials-get', 'data-gateway': 'frame' },
  );
  dialog.append(header, status, frame);
  // Without constructed stylesheets (Safari < 16.4) a <style> element would break a strict CSP.
  if (!constructed) styleElements({ dialog, header, title, closeButton, status, frame });
  shadow.append(dialog);
  (doc.body ?? root).append(host);
  try {
    dialog.showModal();
  } catch (error) {
    host.remove();
    throw error;
  }
  // The page behind must not scroll under the shopper's finger while the dialog is open.
  root.style.overflow = 'hidden';
  // The issuer's page gets the EMV window size: the dialog is that plus its header, measured now
  // that it is laid out. Element styles (CSSOM) are not subject to the page's CSP style-src.
  if (size) {
    const fixed = size !== '05' && WINDOW_DIMENSIONS[size];
    dialog.setAttribute('data-gateway-window-size', size);
    dialog.style.width = fixed ? `${fixed[0]}px` : '100%';
    dialog.style.height = fixed ? `${fixed[1] + header.getBoundingClientRect().height}px` : '100%';
    if (!fixed) dialog.style.borderRadius = '0';
  }

  return {
    dialog,
    closeButton,
    frame,
    showFrame() {
      status.remove();
      frame.hidden = false;
      frame.focus();
    },
    remove() {
      dialog.close();
      host.remove();
      root.style.overflow = overflow;
      scrollTo(x, y);
      previous?.focus?.({ preventScroll: true });
    },
  };
}
