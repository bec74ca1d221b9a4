import { describe, expect, it } from 'vitest';
import { styleProblems } from '../../src/sdk/card-fields/card-field-style';

// docs/card-fields.md#style: what each part of the style option takes.
describe('the card fields style option', () => {
  it('takes the label, the message, the input height and the focus ring', () => {
    expect(
      styleProblems({
        base: { height: '43.6px', padding: '10px' },
        focus: { outlineStyle: 'solid', outlineWidth: '3px', outlineOffset: '1px', outlineColor: '#1f6feb' },
        label: { fontSize: '14.4px', fontWeight: '400', lineHeight: '21.6px', marginBottom: '4px' },
        message: { fontSize: '13.6px', marginTop: '4px', color: '#b42318' },
      }),
    ).toEqual([]);
  });

  it("refuses an input property on the label, the label's space on the message, and an unknown part, naming each", () => {
    expect(
      styleProblems({
        label: { padding: '10px', marginTop: '2px' },
        message: { marginBottom: '2px' },
        base: { margin: '0' },
        title: {},
      }),
    ).toEqual([
      expect.stringMatching(/^style\.label\.padding is not allowed: use color, /),
      expect.stringMatching(/^style\.label\.marginTop is not allowed/),
      expect.stringMatching(/^style\.message\.marginBottom is not allowed/),
      expect.stringMatching(/^style\.base\.margin is not allowed/),
      'style.title is not a state: use base, focus, valid, invalid, placeholder, label, message or fonts',
    ]);
  });

  it('refuses a value that could load something, in the label too', () => {
    expect(styleProblems({ label: { color: 'red;background:url(x)' } })).toEqual([
      'style.label.color must be a CSS value without url(, ;, braces, < or \\',
    ]);
  });
});
