// Test fixtures: files to upload, a small retrieval corpus and a port nothing listens on.
import net from 'node:net';
import { deflateSync } from 'node:zlib';

/** A one-page PDF with the given line of text, in standard Helvetica (what a PDF reader needs and no more). */
export function minimalPdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (character) => `\\${character}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF of the given objects (object 1 is the catalog), with its cross-reference table. */
function pdfOf(objects: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), typeof object === 'string' ? Buffer.from(object, 'latin1') : object, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A one-page PDF whose content stream (FlateDecode) inflates to `inflatedBytes` of zeros: about 100 KB for 100 MB. */
export function inflatingPdf(inflatedBytes: number): Buffer {
  const compressed = deflateSync(Buffer.alloc(inflatedBytes), { level: 9 });
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), compressed, Buffer.from('\nendstream', 'latin1')]),
  ]);
}

/** A PDF of `pages` empty pages. */
export function manyPagesPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'),
  ]);
}

/** A local port that was free a moment ago, so connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

export interface FixtureFile {
  path: string;
  type: string;
  content: string | Buffer;
}

/** A multipart/form-data body of several files (names may carry a folder path), encoded by the platform's FormData. */
export async function multipartFiles(files: readonly FixtureFile[], fields: Record<string, string> = {}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('file', new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], { type: file.type }), file.path);
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** A small fixed corpus for the retrieval tests: one passage per file (each far below the chunk size). */
export const RETRIEVAL_CORPUS: Record<string, string> = {
  'travel.txt': 'Travel expenses above 500 euros need approval from the finance director before booking.',
  'hotel.txt': 'Hotel nights are booked through the travel desk; the finance team reimburses receipts within a month.',
  'laptop.txt': 'A new laptop is ordered by the IT desk and delivered to the office within a week.',
  'holiday.txt': 'Holiday requests go to your manager at least two weeks before the first day off.',
  'parking.txt': 'Parking spaces near the office are shared; book one the day before through the desk.',
  'security.txt': 'Lock your screen when you leave the desk, and never share a password with the travel agency.',
};
