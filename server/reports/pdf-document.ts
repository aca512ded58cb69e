// One way to build a PDF report (pdfkit, A4, built-in Helvetica, no remote content): the caller draws on the document,
// this collects the bytes. Used by the cysmo report (research) and the red-teaming report.
import PDFDocument from 'pdfkit';

export type PdfDoc = InstanceType<typeof PDFDocument>;

export const MUTED = '#555555';
export const INK = '#000000';

export function renderPdf(title: string, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Creator: 'AI governance console' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
    } catch (error) {
      reject(error instanceof Error ? error : new Error('The report could not be drawn'));
      return;
    }
    doc.end();
  });
}

/** A section heading and its body text sizes, the same in every report. */
export function heading(doc: PdfDoc, text: string): void {
  doc.fillColor(INK).fontSize(14).text(text);
}

export function muted(doc: PdfDoc, text: string, size = 9): void {
  doc.fontSize(size).fillColor(MUTED).text(text).fillColor(INK);
}
