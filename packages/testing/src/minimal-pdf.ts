/**
 * @module A minimal, valid PDF written by hand (PDF 1.4, one Helvetica text stream per page, a
 * correct cross-reference table), so PDF tests need no binary fixture and no network.
 */

export interface MinimalPdfOptions {
  /** Each page is a list of lines, drawn top-down. */
  pages: readonly (readonly string[])[];
  /** Written to the document information dictionary when given. */
  title?: string;
  author?: string;
  /** Leading between lines in points; an empty line leaves a gap of one line (a new paragraph). */
  lineSpacing?: number;
}

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (character) => `\\${character}`);
}

function pageContentStream(lines: readonly string[], lineSpacing: number): string {
  const drawn = lines.map((line) => (line === '' ? 'T*' : `(${escapePdfString(line)}) Tj T*`));
  return `BT /F1 11 Tf 72 720 Td ${lineSpacing} TL ${drawn.join(' ')} ET`;
}

/** Builds the bytes of a PDF whose pages show the given lines (an empty line is a vertical gap). */
export function buildMinimalPdf(options: MinimalPdfOptions): Uint8Array {
  const lineSpacing = options.lineSpacing ?? 14;
  const objects: string[] = [];
  const pageObjectNumbers = options.pages.map((_, position) => 5 + position * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageObjectNumbers.map((number) => `${number} 0 R`).join(' ')}] /Count ${options.pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  const info = [
    options.title === undefined ? '' : `/Title (${escapePdfString(options.title)})`,
    options.author === undefined ? '' : `/Author (${escapePdfString(options.author)})`,
  ].join(' ');
  objects[4] = `<< ${info} >>`;
  options.pages.forEach((lines, position) => {
    const pageNumber = pageObjectNumbers[position] ?? 0;
    const stream = pageContentStream(lines, lineSpacing);
    objects[pageNumber] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageNumber + 1} 0 R >>`;
    objects[pageNumber + 1] =
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  let output = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let number = 1; number < objects.length; number += 1) {
    offsets[number] = Buffer.byteLength(output, 'latin1');
    output += `${number} 0 obj\n${objects[number] ?? ''}\nendobj\n`;
  }
  const crossReferenceOffset = Buffer.byteLength(output, 'latin1');
  output += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let number = 1; number < objects.length; number += 1) {
    output += `${String(offsets[number] ?? 0).padStart(10, '0')} 00000 n \n`;
  }
  output += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${crossReferenceOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(output, 'latin1'));
}
