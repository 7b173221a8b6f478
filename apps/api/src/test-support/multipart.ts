/** A file part of a multipart body; `field` defaults to 'file', the name every upload route reads. */
export interface MultipartFile {
  field?: string;
  name: string;
  content: Buffer | string;
  contentType?: string;
}

/**
 * A multipart/form-data body for `app.inject`: text fields, then at most one file part. The file's
 * name goes out as raw UTF-8, as browsers send it (the hardening tests send hostile names).
 */
export function multipartForm(fields: Record<string, string>, file?: MultipartFile) {
  const boundary = `----stockpot${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
