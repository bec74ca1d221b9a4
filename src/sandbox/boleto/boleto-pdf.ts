import { itfWidths } from './itf-barcode';

/** What the printed boleto shows. */
export interface BoletoSheet {
  /** Who receives the payment (the merchant). */
  beneficiary: string;
  payer: { name: string; taxId: string; address: string };
  /** `YYYY-MM-DD`. */
  dueDate: string;
  /** Already formatted, e.g. `R$ 150,00`. */
  amount: string;
  instructions: readonly string[];
  /** What kind of boleto it is, as the sheet names it (templateTitle). */
  kind: string;
  /** The boleto's "nosso número": digits, as a bank prints it (never the internal id). */
  reference: string;
  barcode: string;
  digitLine: string;
}

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
// FEBRABAN prints the barcode 103 mm wide: 405 ITF modules of 0.72 pt.
const MODULE_PT = 0.72;
const BAR_HEIGHT_PT = 36;

/** A PDF string literal in WinAnsi: parentheses and backslashes escaped, anything outside Latin-1 as `?`. */
const pdfText = (text: string) => `(${text.replace(/[^\u0020-\u00ff]/g, '?').replace(/[\\()]/g, (ch) => `\\${ch}`)})`;

const brDate = (iso: string) => iso.split('-').reverse().join('/');

function pageContent(sheet: BoletoSheet): string {
  const ops: string[] = [];
  const text = (x: number, y: number, size: number, value: string, bold = false) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td ${pdfText(value)} Tj ET`);
  let y = PAGE_HEIGHT - 60;
  // The payer reads Portuguese: every word on the sheet is pt-BR (docs/example-checkout.md).
  text(40, y, 16, 'Boleto - ambiente de testes (sandbox)', true);
  text(
    40,
    (y -= 16),
    9,
    'Documento de teste: não pode ser pago em nenhum banco. Use o simulador de boletos para marcá-lo como pago ou vencido.',
  );
  text(40, (y -= 36), 12, `${sheet.digitLine}`, true);
  const rows: Array<[string, string]> = [
    ['Beneficiário', sheet.beneficiary],
    ['Pagador', `${sheet.payer.name} - ${sheet.payer.taxId}`],
    ['Endereço do pagador', sheet.payer.address],
    ['Espécie', sheet.kind],
    ['Vencimento', brDate(sheet.dueDate)],
    ['Valor do documento', sheet.amount],
    ['Nosso número', sheet.reference],
  ];
  y -= 14;
  for (const [label, value] of rows) {
    text(40, (y -= 24), 8, label);
    text(40, (y -= 12), 11, value, true);
  }
  text(40, (y -= 28), 8, 'Instruções');
  for (const line of sheet.instructions) text(40, (y -= 13), 10, line);

  // The barcode: one filled rectangle per bar, with a quiet zone left of it.
  let x = 40 + 10 * MODULE_PT;
  const bottom = y - 30 - BAR_HEIGHT_PT;
  ops.push('0 g');
  itfWidths(sheet.barcode).forEach((modules, i) => {
    const w = modules * MODULE_PT;
    if (i % 2 === 0) ops.push(`${x.toFixed(2)} ${bottom.toFixed(2)} ${w.toFixed(2)} ${BAR_HEIGHT_PT} re f`);
    x += w;
  });
  return ops.join('\n');
}

/**
 * The printable boleto as a one-page PDF 1.4: Helvetica text and the ITF barcode drawn as
 * rectangles. Written by hand (objects, cross-reference table with exact byte offsets,
 * trailer) so the sandbox needs no PDF library.
 */
export function renderBoletoPdf(sheet: BoletoSheet): Buffer {
  const content = Buffer.from(pageContent(sheet), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`,
    `<< /Title ${pdfText(`Boleto ${sheet.reference}`)} /Producer (Gateway Sandbox) >>`,
  ];
  // The header's second line holds bytes above 127, so tools treat the file as binary.
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
