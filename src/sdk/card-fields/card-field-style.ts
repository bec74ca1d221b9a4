import type { CardFieldsStyle } from './card-fields-types';

/**
 * The CSS properties a merchant may set on the hosted inputs (docs/card-fields.md#style): looks
 * only. Nothing that loads a resource or moves the input out of its frame's fixed box.
 */
export const STYLE_PROPERTIES: readonly string[] = (
  'color backgroundColor borderColor borderWidth borderStyle borderRadius boxShadow caretColor fontFamily fontSize ' +
  'fontStyle fontWeight letterSpacing lineHeight outlineColor outlineStyle outlineWidth outlineOffset padding ' +
  'height textAlign textTransform'
).split(' ');

/** The states a style is given for, in the order their rules apply. */
export const STYLE_STATES = ['base', 'focus', 'valid', 'invalid', 'placeholder'] as const;

/** The properties of the label's and the message's text, and the space each keeps from the input. */
const TEXT = 'color fontFamily fontSize fontStyle fontWeight letterSpacing lineHeight textTransform ';
export const TEXT_STYLE_PROPERTIES: Record<'label' | 'message', readonly string[]> = {
  label: `${TEXT}marginBottom`.split(' '),
  message: `${TEXT}marginTop`.split(' '),
};

/** A value that could load something or end its declaration: `url(`, `;`, braces, `<`, a backslash. */
export const unsafeStyleValue = (value: unknown): boolean =>
  typeof value !== 'string' || value.length > 200 || /url\(|image-set|[;{}<\\]|@import|expression/i.test(value);

/** An https URL (a font file), or false. */
export const isHttpsUrl = (value: unknown): boolean => {
  try {
    return typeof value === 'string' && new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** `fontSize` → `font-size`. */
export const cssName = (property: string): string => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every problem of a style option, as `style.<state>.<property>` with why; empty when it is fine. */
export function styleProblems(style: unknown): string[] {
  if (style === undefined) return [];
  if (typeof style !== 'object' || style === null) return ['style must be an object'];
  const problems: string[] = [];
  for (const [state, declarations] of Object.entries(style as CardFieldsStyle)) {
    if (state === 'fonts') {
      if (!Array.isArray(declarations)) problems.push('style.fonts must be an array');
      else
        declarations.forEach((font: unknown, i) => {
          const f = (font ?? {}) as Record<string, unknown>;
          if (typeof f.family !== 'string' || unsafeStyleValue(f.family))
            problems.push(`style.fonts[${i}].family must be a font name`);
          if (!isHttpsUrl(f.src)) problems.push(`style.fonts[${i}].src must be an https URL`);
        });
    } else if (!(STYLE_STATES as readonly string[]).includes(state) && !(state in TEXT_STYLE_PROPERTIES)) {
      problems.push(`style.${state} is not a state: use ${STYLE_STATES.join(', ')}, label, message or fonts`);
    } else if (typeof declarations !== 'object' || declarations === null) {
      problems.push(`style.${state} must be an object`);
    } else {
      const allowed = TEXT_STYLE_PROPERTIES[state as 'label' | 'message'] ?? STYLE_PROPERTIES;
      for (const [property, value] of Object.entries(declarations)) {
        if (!allowed.includes(property))
          problems.push(`style.${state}.${property} is not allowed: use ${allowed.join(', ')}`);
        else if (unsafeStyleValue(value))
          problems.push(`style.${state}.${property} must be a CSS value without url(, ;, braces, < or \\`);
      }
    }
  }
  return problems;
}
