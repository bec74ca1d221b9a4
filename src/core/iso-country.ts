/**
 * The 249 officially assigned ISO 3166-1 alpha-3 codes, as gaps between their positions in the
 * alphabetical order of all 26³ three-letter codes (AAA = 0, AAB = 1, … ZZZ = 17575; the first gap
 * counts from -1). Each character is a number: its code from `(` (0) to `~` (85), skipping the
 * backslash. A number under 70 is a gap (or its last part); 70 to 85 adds 70 × (1 to 16) to the
 * gap the next character ends. 320 characters (a plain list is 996, the codes grouped by first
 * letter 547, base 36 373): the script carries this table, and the sandbox reads the same one, so
 * both sides accept exactly the same countries. test/unit/iso-country.test.ts checks it against
 * the plain list, for all 17,576 codes.
 */
const GAPS =
  'Yo:JNo0)_oK*.B6-)N)oUoNE*-0E6B)7o5-0=Sl)4]c/oO0Yo_/*JoFN+,))KOo)=o+=+7p.oXo(LDqioDoNqeA0,6sV=_p.6@pbRo-g*C4o24' +
  'B7o<)0^;/4sXYBo]OGq@q@8Ro(*+=.1p_oVqS>r:o>i5GoSSq(oEA,/*p<Xq4HE+og+4Y4.7Dko(G3@5*1Lo*@ADRg)U[c;8_:fo><fpdres3+' +
  ']ao*oULGo-*1-.p9ky3qZp6Jo_o)B_+=[Q+9>WBQDND;+9=587o9+oU4gC)Ho+ofA,,TjpRo[Sp.*pST]VPmo`pYt0pY|0v-rDq^';

/** True for an officially assigned ISO 3166-1 alpha-3 code, upper case (`BRA`). */
export function isIsoAlpha3(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const wanted = (code.charCodeAt(0) * 26 + code.charCodeAt(1)) * 26 + code.charCodeAt(2) - 65 * 703;
  let at = -1;
  let high = 0;
  for (const c of GAPS) {
    const n = c.charCodeAt(0) - (c > '\\' ? 41 : 40);
    if (n >= 70) high = (n - 69) * 70;
    else {
      at += high + n;
      high = 0;
      if (at >= wanted) return at === wanted;
    }
  }
  return false;
}
