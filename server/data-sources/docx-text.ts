// The text of a Word document (DOCX), read with mammoth 1.13 (its raw text: paragraphs, tables, lists). Runs in the
// extraction worker (text-extraction.ts) within its time and memory limits. A DOCX is a ZIP archive: its parts are
// inflated here first with a cap on the total, so a "zip bomb" is refused at the limit, before mammoth reads it.
import { inflateRawSync } from 'node:zlib';
import { MAX_DOCX_INFLATED_BYTES, MAX_DOCX_PARTS } from '../../domain/schemas/data-sources';
import { badRequest, HttpError } from '../http/errors';

const MB = 1024 * 1024;
export const DOCX_INFLATES_TOO_MUCH = `The document expands to more than ${MAX_DOCX_INFLATED_BYTES / MB} MB once decompressed; it cannot be read.`;
export const DOCX_TOO_MANY_PARTS = `The document has more than ${MAX_DOCX_PARTS.toLocaleString('en-US')} parts; it cannot be read.`;
const NOT_A_DOCX = 'The file is not a Word (DOCX) document.';
const UNREADABLE = 'The Word document could not be read (it may be damaged or encrypted).';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

const notADocx = () => badRequest(NOT_A_DOCX, { ContentBase64: NOT_A_DOCX });

/**
 * Inflates every part listed in the archive's central directory (the one mammoth's JSZip reads too), each with a cap
 * on its output, and refuses the file once they add up past MAX_DOCX_INFLATED_BYTES.
 */
export function checkDocxInflation(content: Buffer, limit = MAX_DOCX_INFLATED_BYTES): void {
  let end = -1;
  for (let at = content.length - 22; at >= Math.max(0, content.length - 22 - 0xffff); at--) {
    if (content.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw notADocx();
  const parts = content.readUInt16LE(end + 10);
  if (parts > MAX_DOCX_PARTS) throw new HttpError(413, DOCX_TOO_MANY_PARTS);
  let entry = content.readUInt32LE(end + 16);
  let budget = limit;
  for (let index = 0; index < parts; index++) {
    if (entry + 46 > content.length || content.readUInt32LE(entry) !== DIRECTORY_ENTRY) throw notADocx();
    const method = content.readUInt16LE(entry + 10);
    const compressedSize = content.readUInt32LE(entry + 20);
    const local = content.readUInt32LE(entry + 42);
    entry += 46 + content.readUInt16LE(entry + 28) + content.readUInt16LE(entry + 30) + content.readUInt16LE(entry + 32);
    if (local + 30 > content.length || content.readUInt32LE(local) !== LOCAL_HEADER) throw notADocx();
    const start = local + 30 + content.readUInt16LE(local + 26) + content.readUInt16LE(local + 28);
    const data = content.subarray(start, start + compressedSize);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: budget + 1 }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new HttpError(413, DOCX_INFLATES_TOO_MUCH);
        throw badRequest(UNREADABLE, { ContentBase64: UNREADABLE });
      }
    } else throw badRequest(UNREADABLE, { ContentBase64: UNREADABLE });
    budget -= size;
    if (budget < 0) throw new HttpError(413, DOCX_INFLATES_TOO_MUCH);
  }
}

/** The document's text; 400 when it is not a DOCX or cannot be read, 413 past the inflation limits. */
export async function docxText(content: Buffer): Promise<string> {
  if (content.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004') throw notADocx();
  checkDocxInflation(content);
  // Loaded on first use, as the PDF engine is.
  const { default: mammoth } = await import('mammoth');
  try {
    const { value } = await mammoth.extractRawText({ buffer: content });
    return value;
  } catch {
    throw badRequest(UNREADABLE, { ContentBase64: UNREADABLE });
  }
}
