/** One part of a multipart/form-data body: a text field, or a file with its bytes. */
export interface FormPart {
  name: string;
  filename?: string;
  data: Buffer;
}

/** Reads a fetch body (string, bytes, or the async-iterable stream grammY sends for uploads) into one Buffer. */
export async function readBody(body: unknown): Promise<Buffer> {
  if (body == null) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Uint8Array | string>)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
  return Buffer.from(await new Response(body as BodyInit).arrayBuffer());
}

/**
 * Splits a multipart/form-data body into parts. grammY writes its headers as
 * `content-disposition:form-data;name="x";filename=y` (no spaces, filename unquoted), so the header
 * parsing is lenient about spacing and quoting; file bytes are kept exactly (images are binary).
 */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    let start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // The part ends with CRLF before the next delimiter.
    const end = body.subarray(next - 2, next).toString() === '\r\n' ? next - 2 : next;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd !== -1 && headerEnd < end) {
      const headers = body.subarray(start, headerEnd).toString('utf8');
      const disposition = headers.split('\r\n').find((h) => /^content-disposition\s*:/i.test(h)) ?? '';
      const name = /;\s*name="?([^";\r\n]+)"?/i.exec(disposition)?.[1];
      const filename = /;\s*filename="?([^";\r\n]+)"?/i.exec(disposition)?.[1];
      if (name) parts.push({ name, ...(filename ? { filename } : {}), data: body.subarray(headerEnd + 4, end) });
    }
    pos = next;
  }
  return parts;
}

/** The boundary of a multipart content-type header, if it is one. */
export function boundaryOf(contentType: string | null | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return undefined;
  return /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
}
