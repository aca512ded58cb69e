// A document uploaded to a conversation as multipart/form-data (one file). The body is read with a hard limit so a
// huge upload is refused while streaming, then parsed by the platform's own FormData parser (undici), and its text
// extracted by the same code that indexes data-source files.
import type { FastifyInstance } from 'fastify';
import { MAX_CHAT_DOCUMENT_BYTES } from '../../domain/schemas/chat';
import { extractText } from '../data-sources/extraction-pool';
import { resolveMimeType } from '../data-sources/text-extraction';
import { badRequest, HttpError } from '../http/errors';

/** Room for the multipart boundaries and headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_CHAT_DOCUMENT_BYTES / 1024 / 1024} MB.`;
export const NO_FILE_MESSAGE = 'Choose a file to upload.';
export const UNSUPPORTED_MESSAGE = 'Only text, Markdown, CSV, JSON, HTML and PDF files can be summarized.';

const tooLarge = () => new HttpError(413, TOO_LARGE_MESSAGE);

export interface UploadedText {
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  text: string;
}

/** Registers the multipart parser in the calling plugin only: the body arrives as a Buffer. */
export function registerMultipartBody(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', async (request: { headers: Record<string, unknown> }, payload: NodeJS.ReadableStream) => {
    const limit = MAX_CHAT_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES;
    if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > limit) throw tooLarge();
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  });
}

/** The file of a multipart body and its text: 413 above the size limit, 400 for a missing file or an unsupported type. */
export async function readUploadedText(body: unknown, contentType: string | undefined): Promise<UploadedText> {
  if (!Buffer.isBuffer(body) || !contentType?.startsWith('multipart/form-data')) throw badRequest(NO_FILE_MESSAGE, { File: NO_FILE_MESSAGE });
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The upload could not be read.', { File: 'The upload could not be read' });
  }
  const file = [...form.values()].find((value): value is File => typeof value !== 'string');
  if (!file) throw badRequest(NO_FILE_MESSAGE, { File: NO_FILE_MESSAGE });
  if (file.size > MAX_CHAT_DOCUMENT_BYTES) throw tooLarge();
  const fileName = (file.name || 'document').slice(0, 255);
  try {
    const mimeType = resolveMimeType(file.type.split(';')[0]!.trim().toLowerCase(), fileName);
    const text = await extractText(mimeType, Buffer.from(await file.arrayBuffer()));
    return { fileName, mimeType, sizeBytes: file.size, text };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // Over a size, page or time limit of the extraction, or the extraction queue full: as it is.
    if (error.statusCode === 413 || error.statusCode === 503) throw error;
    // The extraction answers 415 for a data source; the chat answers 400 about the File field.
    const message = error.statusCode === 415 ? UNSUPPORTED_MESSAGE : error.message;
    throw badRequest(message, { File: message });
  }
}
