import type { ResourceRecord, Zone } from './dns.port.ts';

const CHUNK_BYTES = 255;

/** One character-string of a TXT record: printable ASCII as is, `"` and `\` escaped, other bytes as \DDD. */
function quoteBytes(bytes: Uint8Array): string {
  let out = '"';
  for (const b of bytes) {
    if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b <= 0x7e) out += String.fromCharCode(b);
    else out += `\\${b.toString().padStart(3, '0')}`;
  }
  return `${out}"`;
}

/**
 * TXT RDATA for a value of any length: strings of at most 255 bytes, cut between characters
 * (never inside a UTF-8 sequence) so each string is valid text on its own.
 */
export function txtContent(value: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current: number[] = [];
  for (const char of value) {
    const bytes = encoder.encode(char);
    if (current.length + bytes.length > CHUNK_BYTES) {
      parts.push(quoteBytes(Uint8Array.from(current)));
      current = [];
    }
    current.push(...bytes);
  }
  if (current.length > 0 || parts.length === 0) parts.push(quoteBytes(Uint8Array.from(current)));
  return parts.join(' ');
}

/** The text of a TXT RDATA again (for display and tests): strings joined, escapes decoded. */
export function txtValue(content: string): string {
  const bytes: number[] = [];
  const re = /"((?:[^"\\]|\\.)*)"/g;
  for (const match of content.matchAll(re)) {
    const s = match[1] ?? '';
    for (let i = 0; i < s.length; i += 1) {
      if (s[i] === '\\' && /^\d{3}$/.test(s.slice(i + 1, i + 4))) {
        bytes.push(Number(s.slice(i + 1, i + 4)));
        i += 3;
      } else if (s[i] === '\\') {
        i += 1;
        bytes.push(s.charCodeAt(i));
      } else bytes.push(s.charCodeAt(i));
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

const nameColumn = (r: ResourceRecord) => (r.name === '' ? '@' : r.name);

/**
 * The zone as a BIND master file (RFC 1035 §5): `$ORIGIN`, `$TTL`, SOA first, then NS, then the
 * rest in the order given. Names relative to the origin, one record per line.
 */
export function renderZoneFile(zone: Zone, comment?: string): string {
  const order = (r: ResourceRecord) => (r.type === 'SOA' ? 0 : r.type === 'NS' ? 1 : 2);
  const records = [...zone.records].sort((a, b) => order(a) - order(b));
  const width = Math.min(40, Math.max(8, ...records.map((r) => nameColumn(r).length + 1)));
  const lines = [
    ...(comment ? comment.split('\n').map((l) => `; ${l}`) : []),
    `$ORIGIN ${zone.name}.`,
    `$TTL ${zone.ttl}`,
    ...records.map(
      (r) =>
        `${nameColumn(r).padEnd(width)} ${String(r.ttl).padEnd(6)} IN ${r.type.padEnd(5)} ${r.content}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
