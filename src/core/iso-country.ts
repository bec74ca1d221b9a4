/**
 * The 249 officially assigned ISO 3166-1 alpha-3 codes, as gaps between their positions in the
 * alphabetical order of all 26³ three-letter codes (AAA = 0, AAB = 1, … ZZZ = 17575; the first gap
 * counts from -1). Each gap is written in base 36: a last digit 0-9 or A-Z, preceded, for a gap of
 * 36 or more, by how many times 36 fits, in bijective base 26 with a to z as 1 to 26. 373
 * characters (a plain list is 996, the codes grouped by first letter 547): the script carries this
 * table, and the sandbox reads the same one, so both sides accept exactly the same countries.
 * test/unit/iso-country.test.ts checks it against the plain list, for all 17,576 codes.
 */
const GAPS =
  'aDbGYa2b61aIbX26QE51a21c7c0T258TEQ1FbB58La7aV1CaGaM7c18aDcG72YbSa23411Za3aZLb1L3Fd2cAaYa0SgMbQc0gIP84Ek0LaId2EOeHa6b3aQ2RCb8CQFbI18aHJ7Ck2aDQcEa3VfIfIGa6aY23L69eEc8g1MhAbKaSDVc5a7eUbRP472dGaCf6WT3cO3CaDC6FSaUaYVBOD29a0b0OPSa6aQ1a9aFaMJGaIIaPbKKaPeJiGj13aGaKb0c7a0Vb32956dDaUuPg8dAYcGaZQaI3LaFa53HMaBQa5Sa2SJ3HLDGFbF3c7CaQR1Wb1cNP44a8aTe2cDa7d22e3a8aGaAa4aWcHe9kWe9aaGoPhKgB';

/** True for an officially assigned ISO 3166-1 alpha-3 code, upper case (`BRA`). */
export function isIsoAlpha3(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const wanted = (code.charCodeAt(0) * 26 + code.charCodeAt(1)) * 26 + code.charCodeAt(2) - 65 * 703;
  let at = -1;
  let times = 0;
  for (const c of GAPS) {
    const digit = parseInt(c, 36);
    if (c > 'Z') times = times * 26 + digit - 9;
    else {
      at += times * 36 + digit;
      times = 0;
      if (at >= wanted) return at === wanted;
    }
  }
  return false;
}
