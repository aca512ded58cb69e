// multipart/form-data bodies: read with a hard limit so a huge upload is refused while streaming, then parsed by the
// platform's own FormData parser (undici).
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Room for the multipart boundaries and headers around each file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Registers the multipart parser in the calling plugin only: the body arrives as a Buffer of at most `limitBytes`. */
export function registerMultipartBody(app: FastifyInstance, limitBytes: number, tooLarge: () => Error): void {
  app.addContentTypeParser('multipart/form-data', async (request: { headers: Record<string, unknown> }, payload: NodeJS.ReadableStream) => {
    if (Number(request.headers['content-length'] ?? 0) > limitBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > limitBytes) throw tooLarge();
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  });
}

/** The form of a multipart body; 400 naming `field` when there is none or it cannot be read. */
export async function readMultipartForm(body: unknown, contentType: string | undefined, field: string, missing: string): Promise<FormData> {
  if (!Buffer.isBuffer(body) || !contentType?.startsWith('multipart/form-data')) throw badRequest(missing, { [field]: missing });
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The upload could not be read.', { [field]: 'The upload could not be read' });
  }
}
