/**
 * The little of RFC 5322 the expander needs: the header block as lines, values unfolded, and a
 * copy with some headers removed and others put on top. The body is never touched (so a DKIM
 * signature of the author's domain over the body and its own headers stays valid).
 */

export interface SplitMessage {
  /** Header lines with their folded continuations, each without its line end. */
  header: string[];
  /** Everything from the blank line on (kept as bytes). */
  rest: Buffer;
}

export function splitMessage(raw: Buffer): SplitMessage {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf + 2 : lf >= 0 ? lf + 1 : raw.length;
  const text = raw.subarray(0, end).toString('latin1');
  const header: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '') continue;
    if (/^[ \t]/.test(line) && header.length > 0) header[header.length - 1] += `\r\n${line}`;
    else header.push(line);
  }
  return { header, rest: raw.subarray(end) };
}

const nameOf = (line: string) =>
  line
    .slice(0, Math.max(0, line.indexOf(':')))
    .trim()
    .toLowerCase();

/** The unfolded values of header `name` (case-insensitive). */
export function headerValues(message: SplitMessage, name: string): string[] {
  const wanted = name.toLowerCase();
  return message.header
    .filter((line) => nameOf(line) === wanted)
    .map((line) =>
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
}

/** The first address in an address header (`Name <a@b>` or `a@b`), lower-case; null if none. */
export function firstAddress(value: string | undefined): string | null {
  if (!value) return null;
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  const bare = angle ?? /([^\s<>",;:()]+@[^\s<>",;:()]+)/.exec(value);
  return bare?.[1]?.toLowerCase() ?? null;
}

/** A header line Haven writes: any CR or LF in a value would start a header of its own. */
export function headerLine(name: string, value: string): string {
  if (/[\r\n]/.test(value) || !/^[A-Za-z0-9-]+$/.test(name))
    throw new Error(`unsafe header ${name}`);
  return `${name}: ${value}`;
}

/** The message with headers `drop` removed and `top` (from headerLine) put first. */
export function rewriteMessage(
  message: SplitMessage,
  drop: readonly string[],
  top: readonly string[],
): Buffer {
  const dropped = new Set(drop.map((d) => d.toLowerCase()));
  const kept = message.header.filter((line) => !dropped.has(nameOf(line)));
  const head = Buffer.from(`${[...top, ...kept].join('\r\n')}\r\n`, 'latin1');
  const rest = message.rest.length > 0 ? message.rest : Buffer.from('\r\n');
  return Buffer.concat([head, rest]);
}
