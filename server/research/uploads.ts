// The documents an analyst uploads with a search (PDF, DOCX, text, Markdown, HTML): decoded, checked (count, size, type) and turned into text by the
// data-source extraction worker pool (off the event loop, with its time, page and memory limits), before the search
// is created — so a file that cannot be read is a clear 4xx naming it, never a failed search later. Only the text is
// kept; the prompt guard reads it in the job (sections/documents.ts), as it reads the site's pages.
import type { z } from 'zod';
import type { ResearchUploadInputSchema } from '../../domain/schemas/research-search';
import { MAX_RESEARCH_UPLOAD_BYTES, MAX_RESEARCH_UPLOAD_TEXT, RESEARCH_UPLOAD_TYPES, RESEARCH_UPLOAD_TYPES_MESSAGE } from '../../domain/schemas/research-search';
import type { ExtractableMimeType } from '../../domain/schemas/data-sources';
import { DOCX_MIME_TYPE } from '../../domain/schemas/data-sources';
import { extractText } from '../data-sources/extraction-pool';
import { resolveMimeType } from '../data-sources/text-extraction';
import { HttpError } from '../http/errors';

export interface ReadUpload {
  name: string;
  mimeType: ExtractableMimeType;
  bytes: number;
  text: string;
}

/** An upload as the route's schema leaves it (trimmed name, lower-case MIME type, base64 without spaces). */
export type Upload = Pick<z.output<typeof ResearchUploadInputSchema>, 'Name' | 'MimeType' | 'ContentBase64'>;

const isDocx = (upload: Upload) => upload.MimeType === DOCX_MIME_TYPE || (['', 'application/octet-stream'].includes(upload.MimeType) && /\.docx$/i.test(upload.Name));

function typeOf(upload: Upload, field: string): ExtractableMimeType {
  if (isDocx(upload)) return DOCX_MIME_TYPE;
  let resolved: ExtractableMimeType;
  try {
    resolved = resolveMimeType(upload.MimeType, upload.Name);
  } catch {
    throw new HttpError(415, `${upload.Name}: ${RESEARCH_UPLOAD_TYPES_MESSAGE}`, { [field]: RESEARCH_UPLOAD_TYPES_MESSAGE });
  }
  if (!(RESEARCH_UPLOAD_TYPES as readonly string[]).includes(resolved)) throw new HttpError(415, `${upload.Name}: ${RESEARCH_UPLOAD_TYPES_MESSAGE}`, { [field]: RESEARCH_UPLOAD_TYPES_MESSAGE });
  return resolved;
}

/** Every upload's text, in order; the first that cannot be read stops the search with its status and its name. */
export async function readUploads(uploads: readonly Upload[]): Promise<ReadUpload[]> {
  const read: ReadUpload[] = [];
  for (const [index, upload] of uploads.entries()) {
    const field = `Documents.${index}`;
    const mimeType = typeOf(upload, `${field}.MimeType`);
    const content = Buffer.from(upload.ContentBase64, 'base64');
    if (content.length > MAX_RESEARCH_UPLOAD_BYTES) {
      const message = `The file is larger than ${MAX_RESEARCH_UPLOAD_BYTES / 1024 / 1024} MB.`;
      throw new HttpError(413, `${upload.Name}: ${message}`, { [`${field}.ContentBase64`]: message });
    }
    let text: string;
    try {
      text = await extractText(mimeType, content);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new HttpError(error.statusCode, `${upload.Name}: ${error.message}`, { [`${field}.ContentBase64`]: error.message });
    }
    read.push({ name: upload.Name, mimeType, bytes: content.length, text: text.length > MAX_RESEARCH_UPLOAD_TEXT ? text.slice(0, MAX_RESEARCH_UPLOAD_TEXT) : text });
  }
  return read;
}
