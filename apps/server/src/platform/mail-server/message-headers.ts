/**
 * The header block of a message (up to the first empty line), unfolded, by lower-case name; the
 * first occurrence of each name wins (the one nearest the top, added last by the deliverer).
 */
export function parseHeaders(text: string): Map<string, string> {
  const end = text.search(/\r?\n\r?\n/);
  const block = end < 0 ? text : text.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeWord(charset: string, encoding: string, text: string): string {
  const bytes =
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          'latin1',
        );
  try {
    return new TextDecoder(charset.split('*')[0]).decode(bytes);
  } catch {
    // An unknown charset: show the bytes as Latin-1 rather than fail the list.
    return bytes.toString('latin1');
  }
}

/** RFC 2047 encoded words (`=?utf-8?B?...?=`, `=?iso-8859-1?Q?...?=`) as text; control characters dropped. */
export function decodeHeaderWords(value: string): string {
  return (
    value
      // Whitespace between two encoded words is not part of the text.
      .replace(/(\?=)\s+(=\?)/g, '$1$2')
      .replace(
        /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g,
        (_, cs: string, enc: string, text: string) => decodeWord(cs, enc, text),
      )
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
  );
}
