/** A multipart body of `file` parts ([name, content]) as the file manager's upload reads it. */
export function uploadForm(files: readonly (readonly [string, string | Buffer])[]) {
  const b = 'haven-boundary';
  const payload = Buffer.concat([
    ...files.flatMap(([n, d]) => [
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${n}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(d),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${b}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}
