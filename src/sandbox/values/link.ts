/** A link of a resource (docs/rules.md#formats): where to go next, with which media type and HTTP method. */
export interface Link {
  rel: 'SELF' | 'PAY' | 'CHARGE.CANCEL' | 'CHARGE.CAPTURE' | 'QRCODE.PNG' | 'QRCODE.BASE64';
  /** Absolute URL. */
  href: string;
  media: string;
  type: 'GET' | 'POST';
}

export const link = (rel: Link['rel'], href: string, type: Link['type'], media = 'application/json'): Link => ({
  rel,
  href,
  media,
  type,
});
