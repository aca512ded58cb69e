// A document uploaded to a conversation as multipart/form-data (one file, read by server/http/multipart-body.ts),
// its text extracted by the same code that indexes data-source files.
import type { FastifyInstance } from 'fastify';
import { MAX_CHAT_DOCUMENT_BYTES } from '../../domain/schemas/chat';
import { extractText } from '../data-sources/extraction-pool';
import { resolveMimeType } from '../data-sources/text-extraction';
import { badRequest, HttpError } from '../http/errors';
import { MULTIPART_OVERHEAD_BYTES, readMultipartForm, registerMultipartBody } from '../http/multipart-body';

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
export function registerChatMultipartBody(app: FastifyInstance): void {
  registerMultipartBody(app, MAX_CHAT_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES, tooLarge);
}

/** The file of a multipart body and its text: 413 above the size limit, 400 for a missing file or an unsupported type. */
export async function readUploadedText(body: unknown, contentType: string | undefined): Promise<UploadedText> {
  const form = await readMultipartForm(body, contentType, 'File', NO_FILE_MESSAGE);
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
