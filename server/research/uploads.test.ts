import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCX_MIME_TYPE, MAX_DOCX_INFLATED_BYTES } from '../../domain/schemas/data-sources';
import { closeExtractionPool } from '../data-sources/extraction-pool';
import { DOCX_INFLATES_TOO_MUCH } from '../data-sources/docx-text';
import { HttpError } from '../http/errors';
import { readUploads } from './uploads';

/** A minimal Word document: the content types, the package relationship and the main part with these paragraphs. */
async function docx(paragraphs: string[], extra: Record<string, Buffer> = {}): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`);
  for (const [name, content] of Object.entries(extra)) zip.file(name, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const upload = (Name: string, content: Buffer, MimeType = DOCX_MIME_TYPE) => ({ Name, MimeType, ContentBase64: content.toString('base64') });

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('research uploads: Word documents', () => {
  afterAll(() => closeExtractionPool());

  it('reads a DOCX built here, by MIME type or by its name when the browser sent none', async () => {
    const file = await docx(['We hold a SOC 2 Type II report.', 'MFA is enforced for every employee.']);
    const [byType, byName] = await readUploads([upload('policy.docx', file), upload('policy-copy.docx', file, 'application/octet-stream')]);
    expect(byType).toMatchObject({ name: 'policy.docx', mimeType: DOCX_MIME_TYPE, bytes: file.length });
    expect(byType!.text).toBe('We hold a SOC 2 Type II report.\n\nMFA is enforced for every employee.');
    expect(byName!.text).toBe(byType!.text);
  });

  it('refuses a zip bomb (parts inflating past the limit) with 413 naming the file, before mammoth reads it', async () => {
    const bomb = await docx(['Hello'], { 'word/media/padding.bin': Buffer.alloc(MAX_DOCX_INFLATED_BYTES + 1024, 0) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await refusal(readUploads([upload('bomb.docx', bomb)]));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe(`bomb.docx: ${DOCX_INFLATES_TOO_MUCH}`);
  }, 60_000);

  it('refuses a file that is not a DOCX with 400 naming it', async () => {
    const error = await refusal(readUploads([upload('fake.docx', Buffer.from('PK but not really a zip archive'))]));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('fake.docx: The file is not a Word (DOCX) document.');
    expect(error.errors).toEqual({ 'Documents.0.ContentBase64': 'The file is not a Word (DOCX) document.' });
  });
});
