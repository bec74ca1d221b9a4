import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountChallengeDialog } from '../../src/sdk/challenge/challenge-dialog';
import { CHALLENGE_HOOKS } from '../../src/testing/selectors';

// The testing entry reaches the dialog only through these hooks (public API, docs/testing.md):
// a rename on either side fails here before any integrator's suite does.
describe('the SDK dialog carries the testing hooks', () => {
  beforeEach(() => {
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => {
    document.body.replaceChildren();
    vi.unstubAllGlobals();
  });

  it.each(['pt-BR', 'en'] as const)('%s: dialog, close button and frame, one each, whatever the locale', (locale) => {
    const ui = mountChallengeDialog('https://challenge.example/challenge/host', locale);
    const root = ui.dialog.getRootNode() as ShadowRoot;
    expect(root.querySelectorAll(CHALLENGE_HOOKS.dialog)).toHaveLength(1);
    expect(root.querySelector(CHALLENGE_HOOKS.dialog)).toBe(ui.dialog);
    expect(ui.dialog.querySelector(CHALLENGE_HOOKS.closeButton)).toBe(ui.closeButton);
    expect(ui.dialog.querySelector(CHALLENGE_HOOKS.frame)).toBe(ui.frame);
    ui.remove();
    expect(document.body.innerHTML).toBe('');
  });
});
