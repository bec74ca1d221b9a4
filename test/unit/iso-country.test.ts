import { describe, expect, it } from 'vitest';
import { isIsoAlpha3 } from '../../src/core/iso-country';

describe('isIsoAlpha3', () => {
  const A = 'A'.charCodeAt(0);
  const all = Array.from({ length: 26 ** 3 }, (_, i) =>
    String.fromCharCode(A + Math.floor(i / 676), A + (Math.floor(i / 26) % 26), A + (i % 26)),
  );

  // The officially assigned ISO 3166-1 alpha-3 codes, written out plainly: the table in
  // src/core/iso-country.ts is an encoding of exactly these.
  const ASSIGNED = `
    ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT
    AZE BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL
    BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG
    COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM
    DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR
    GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY
    HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA
    JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY
    LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL
    MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM
    NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER
    PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU ROU RUS RWA SAU
    SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR
    SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON
    TTO TUN TUR TUV TWN TZA UGA UKR UMI URY USA UZB VAT VCT VEN VGB
    VIR VNM VUT WLF WSM YEM ZAF ZMB ZWE
  `
    .trim()
    .split(/\s+/);

  it('answers exactly as the plain list for every one of the 17,576 three-letter codes', () => {
    expect(ASSIGNED).toHaveLength(249);
    const set = new Set(ASSIGNED);
    expect(all.filter((code) => isIsoAlpha3(code) !== set.has(code))).toEqual([]);
  });

  it('knows the 249 officially assigned codes and nothing else', () => {
    const known = all.filter(isIsoAlpha3);
    expect(known).toHaveLength(249);
    expect(known).toEqual(expect.arrayContaining(['ABW', 'BRA', 'PRT', 'USA', 'DEU', 'ZWE', 'ALA', 'SSD', 'BES']));
  });

  it.each(['XXX', 'BRZ', 'AAA', 'ZZZ', 'UK', 'BRAZ', 'bra', 'Bra', ' BRA', 'BR1', ''])('refuses %j', (code) => {
    expect(isIsoAlpha3(code)).toBe(false);
  });

  it('does not take a neighbour for a code (AWF is not assigned, AFG is)', () => {
    expect(isIsoAlpha3('AWF')).toBe(false);
    expect(isIsoAlpha3('AFG')).toBe(true);
  });
});
