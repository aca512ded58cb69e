// Turns an uploaded file into the plain text that is chunked and indexed. Only text is kept: the file's bytes
// are not stored.
// Runs inside the extraction worker (`extraction-pool.ts`), never on the event loop: callers use the pool's extractText.
import { inflateSync } from 'node:zlib';
import type { ExtractableMimeType, UploadMimeType } from '../../domain/schemas/data-sources';
import { DOCX_MIME_TYPE, MAX_EXTRACTED_TEXT_CHARS, MAX_PDF_INFLATED_BYTES, MAX_PDF_PAGES, UPLOAD_MIME_TYPES } from '../../domain/schemas/data-sources';
import { docxText } from './docx-text';
import { badRequest, HttpError } from '../http/errors';
import { decodeEntities } from './html-entities';

export const UNSUPPORTED_TYPE_MESSAGE = 'Only text, Markdown, CSV, JSON, HTML and PDF files can be indexed.';

const unsupported = (message: string) => new HttpError(415, message);

/** Known file extensions, for uploads whose browser sent no useful MIME type. */
const BY_EXTENSION: Record<string, UploadMimeType> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  pdf: 'application/pdf',
};
const ALIASES: Record<string, UploadMimeType> = { 'text/x-markdown': 'text/markdown', 'application/xhtml+xml': 'text/html', 'application/csv': 'text/csv' };

export function resolveMimeType(mimeType: string, fileName: string): UploadMimeType {
  if ((UPLOAD_MIME_TYPES as readonly string[]).includes(mimeType)) return mimeType as UploadMimeType;
  if (ALIASES[mimeType]) return ALIASES[mimeType];
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if ((mimeType === 'application/octet-stream' || mimeType === '') && BY_EXTENSION[extension]) return BY_EXTENSION[extension];
  throw unsupported(`Files of type ${mimeType} cannot be indexed. ${UNSUPPORTED_TYPE_MESSAGE}`);
}

const MB = 1024 * 1024;
export const PDF_INFLATES_TOO_MUCH = `The PDF expands to more than ${MAX_PDF_INFLATED_BYTES / MB} MB once decompressed; it cannot be read.`;
export const PDF_TOO_MANY_PAGES = `The PDF has more than ${MAX_PDF_PAGES.toLocaleString('en-US')} pages; it cannot be read.`;
export const TEXT_TOO_LONG = `The file holds more than ${MAX_EXTRACTED_TEXT_CHARS / MB} million characters of text; it cannot be read.`;

/** The file's text. Synchronous work of up to seconds: only the extraction worker calls it. */
export async function extractTextHere(mimeType: ExtractableMimeType, content: Buffer): Promise<string> {
  const text = mimeType === 'application/pdf' ? await pdfText(content) : mimeType === DOCX_MIME_TYPE ? await docxText(content) : decodeText(content);
  if (text.length > MAX_EXTRACTED_TEXT_CHARS) throw new HttpError(413, TEXT_TOO_LONG);
  const converted = mimeType === 'text/html' ? htmlToText(text) : mimeType === 'application/json' ? jsonToText(text) : text;
  const cleaned = converted.replace(/[ \t]+\n/g, '\n').trim();
  if (!cleaned) throw badRequest('The file has no text to index.', { ContentBase64: 'The file has no text to index' });
  return cleaned;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Refuses a PDF whose compressed (Flate) streams together inflate past the limit, before the PDF engine sees it:
 * each stream is inflated with a cap on its output, so a "zip bomb" costs at most the limit to find.
 */
export function checkPdfInflation(content: Buffer): void {
  let budget = MAX_PDF_INFLATED_BYTES;
  for (let at = content.indexOf(STREAM); at >= 0; at = content.indexOf(STREAM, at + 1)) {
    if (content[at - 3] === 0x65 && content[at - 2] === 0x6e && content[at - 1] === 0x64) continue; // "endstream"
    let start = at + STREAM.length;
    if (content[start] === 0x0d) start++;
    if (content[start] !== 0x0a) continue;
    start++;
    const end = content.indexOf(END_STREAM, start);
    if (end < 0) return;
    let inflated: Buffer;
    try {
      inflated = inflateSync(content.subarray(start, end), { maxOutputLength: budget + 1, finishFlush: 2 /* Z_SYNC_FLUSH: a stream cut short still counts */ });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new HttpError(413, PDF_INFLATES_TOO_MUCH);
      at = end;
      continue; // not a Flate stream (an image, another filter): the time limit and the worker's memory bound it
    }
    budget -= inflated.length;
    if (budget < 0) throw new HttpError(413, PDF_INFLATES_TOO_MUCH);
    at = end;
  }
}

function decodeText(content: Buffer): string {
  if (content.includes(0)) throw unsupported(`The file looks binary. ${UNSUPPORTED_TYPE_MESSAGE}`);
  return new TextDecoder('utf-8').decode(content).replace(/^\uFEFF/, '');
}

async function pdfText(content: Buffer): Promise<string> {
  if (content.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('The file is not a PDF document.', { ContentBase64: 'The file is not a PDF document' });
  checkPdfInflation(content);
  // Loaded on first use: the PDF engine is large and most deployments never see a PDF.
  const { extractText: extractPdfText, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(content), { verbosity: 0 });
  } catch {
    throw badRequest('The PDF could not be read (it may be damaged or encrypted).', { ContentBase64: 'The PDF could not be read' });
  }
  if (pdf.numPages > MAX_PDF_PAGES) throw new HttpError(413, PDF_TOO_MANY_PAGES);
  try {
    const { text } = await extractPdfText(pdf, { mergePages: false });
    return text.join('\n\n');
  } catch {
    throw badRequest('The PDF could not be read (it may be damaged or encrypted).', { ContentBase64: 'The PDF could not be read' });
  }
}

const BLOCK_TAGS = /<\/?(p|div|br|li|ul|ol|tr|table|h[1-6]|section|article|header|footer|blockquote|pre|hr)\b[^<>]*>/gi;

/**
 * Visible text of an HTML document. Scripts, styles and comments are cut out with index scans (no regex
 * backtracking on hostile input); tags are removed with a pattern that cannot span another "<".
 */
export function htmlToText(html: string): string {
  let text = removeBlocks(html, '<!--', '-->');
  for (const tag of ['script', 'style', 'noscript', 'template', 'svg', 'head']) text = removeElement(text, tag);
  return decodeEntities(text.replace(BLOCK_TAGS, '\n').replace(/<[^<>]*>/g, ' '))
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n')
    .replace(/ *\n */g, '\n');
}

function removeBlocks(text: string, open: string, close: string): string {
  const lower = text.toLowerCase();
  let result = '';
  let position = 0;
  while (position < text.length) {
    const start = lower.indexOf(open, position);
    if (start < 0) break;
    result += text.slice(position, start);
    const end = lower.indexOf(close, start + open.length);
    position = end < 0 ? text.length : end + close.length;
  }
  return result + text.slice(position);
}

function removeElement(text: string, tag: string): string {
  const lower = text.toLowerCase();
  let result = '';
  let position = 0;
  while (position < text.length) {
    let start = lower.indexOf(`<${tag}`, position);
    // "<scripts>" or "<styled>" are other tags: skip them.
    while (start >= 0 && /[a-z0-9-]/.test(lower[start + tag.length + 1] ?? '')) start = lower.indexOf(`<${tag}`, start + 1);
    if (start < 0) break;
    result += text.slice(position, start);
    const end = lower.indexOf(`</${tag}`, start);
    if (end < 0) return result;
    const close = lower.indexOf('>', end);
    position = close < 0 ? text.length : close + 1;
  }
  return result + text.slice(position);
}

/** One "path: value" line per leaf, so that a record's fields stay together and names are searchable. */
function jsonToText(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The file is not valid JSON.', { ContentBase64: 'The file is not valid JSON' });
  }
  const lines: string[] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (node !== null && typeof node === 'object' && depth < 32) {
      const entries = Array.isArray(node) ? node.map((item, index) => [String(index), item] as const) : Object.entries(node);
      // A blank line between the items of a top-level list keeps each record in its own paragraph.
      for (const [key, child] of entries) {
        walk(child, path ? `${path}.${key}` : key, depth + 1);
        if (Array.isArray(node) && depth === 0) lines.push('');
      }
      return;
    }
    lines.push(`${path || 'value'}: ${typeof node === 'string' ? node : JSON.stringify(node)}`);
  };
  walk(value, '', 0);
  return lines.join('\n');
}
