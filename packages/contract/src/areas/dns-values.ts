/**
 * The value rules of DNS records, shared by the server (which also applies the zone rules) and
 * the add/edit form. Every check answers a code from DNS_FIELD_CODES so the form and the API say
 * the same thing. None of the accepted values can break a zone file line: names are LDH plus `_`
 * and `*`, text values refuse control characters, quotes and backslashes.
 */

/** Field-level codes (in `fields` of a 422 and as the form's messages). */
export const DNS_FIELD_CODES = [
  'invalid_host',
  'label_too_long',
  'name_too_long',
  'invalid_ipv4',
  'invalid_ipv6',
  'invalid_target',
  'target_is_ip',
  'invalid_text',
  'text_too_long',
  'invalid_ttl',
  'invalid_priority',
  'invalid_port',
  'invalid_weight',
  'invalid_service',
  'invalid_url',
  'invalid_redirect',
  'invalid_caa',
  'invalid_record_type',
] as const;
export type DnsFieldCode = (typeof DNS_FIELD_CODES)[number];

export const DNS_LIMITS = {
  ttlMin: 60,
  ttlMax: 86_400,
  ttlDefault: 899,
  priorityMin: 10,
  priorityMax: 100,
  priorityStep: 10,
  priorityDefault: 10,
  portMin: 1,
  portMax: 65_535,
  weightMax: 65_535,
  labelBytes: 63,
  nameBytes: 253,
  /** A TXT value is split into strings of at most this many bytes. */
  txtChunkBytes: 255,
  /** Longest TXT value (bytes): room for a 4096-bit DKIM key with its tags. */
  txtBytes: 4_000,
  caaValueBytes: 255,
  urlLength: 2_000,
} as const;

/** SRV priorities and MX preferences offered: 10 to 100 in steps of 10. */
export const PRIORITIES: readonly number[] = Array.from({ length: 10 }, (_, i) => (i + 1) * 10);

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
export function ipv6Groups(value: string): number[] | null {
  if (value.length < 2 || value.length > 45 || !/^[0-9a-fA-F:.]+$/.test(value)) return null;
  const lastColon = value.lastIndexOf(':');
  // An embedded IPv4 address may only be the last part.
  if (lastColon < 0 || value.slice(0, lastColon).includes('.')) return null;
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const split = (s: string) => (s === '' ? [] : s.split(':'));
  const head = split(halves[0] ?? '');
  const tail = halves.length === 2 ? split(halves[1] ?? '') : [];
  const parts = [...head, ...tail];
  const numbers: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (i === parts.length - 1 && part.includes('.')) {
      if (!isIpv4(part)) return null;
      const o = part.split('.').map(Number);
      numbers.push(((o[0] ?? 0) << 8) | (o[1] ?? 0), ((o[2] ?? 0) << 8) | (o[3] ?? 0));
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) numbers.push(parseInt(part, 16));
    else return null;
  }
  if (halves.length === 1) return numbers.length === 8 ? numbers : null;
  if (numbers.length > 7) return null;
  // With `::` present an embedded IPv4 address can only be in the tail, so the head is 1:1.
  const zeros = Array<number>(8 - numbers.length).fill(0);
  return [...numbers.slice(0, head.length), ...zeros, ...numbers.slice(head.length)];
}

export function isIpv6(value: string): boolean {
  return ipv6Groups(value) !== null;
}

/** RFC 5952 text of an IPv6 address (lower case, longest zero run compressed), so duplicates compare equal. */
export function canonicalIpv6(value: string): string {
  const groups = ipv6Groups(value);
  if (!groups) return value;
  let best = { start: -1, len: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.len && j - i > 1) best = { start: i, len: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.len).join(':')}`;
}

const LABEL = /^(?:[a-z0-9_]|[a-z0-9_][a-z0-9_-]*[a-z0-9_])$/;

/** Byte length in UTF-8 (TXT strings and name limits count bytes, not characters). */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}

function labelsProblem(labels: readonly string[]): DnsFieldCode | null {
  for (const label of labels) {
    if (label.length > 63) return 'label_too_long';
    if (!LABEL.test(label)) return 'invalid_host';
  }
  return null;
}

/**
 * A record's host relative to the zone: '' (the domain itself), `www`, `_dmarc`, `*` or
 * `*.shop`. A trailing dot marks a fully qualified name (the server checks it is in the zone).
 */
export function hostProblem(host: string): DnsFieldCode | null {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name === '') return host === '' ? null : 'invalid_host';
  if (name.length > DNS_LIMITS.nameBytes) return 'name_too_long';
  const labels = name.split('.');
  const rest = labels[0] === '*' ? labels.slice(1) : labels;
  return labelsProblem(rest);
}

/** Whether a target looks like an IP address (MX, SRV and CNAME need a host name). */
export function looksLikeIp(value: string): boolean {
  const v = value.replace(/\.$/, '');
  return (
    isIpv4(v) ||
    isIpv6(v) ||
    /^\d+(\.\d+){1,3}$/.test(v) ||
    (value.includes(':') && /^[0-9a-f:.]+$/i.test(v))
  );
}

/**
 * A target host name: `mail.example.com` (a name with a dot is fully qualified, the trailing dot
 * is optional), `mail` (a name in this zone) or `@` (the domain itself).
 */
export function targetProblem(target: string): DnsFieldCode | null {
  if (target === '@') return null;
  if (target === '' || target === '.') return 'invalid_target';
  if (looksLikeIp(target)) return 'target_is_ip';
  const name = target.endsWith('.') ? target.slice(0, -1) : target;
  if (name.length > DNS_LIMITS.nameBytes) return 'name_too_long';
  const problem = labelsProblem(name.split('.'));
  return problem === 'invalid_host' ? 'invalid_target' : problem;
}

// eslint-disable-next-line no-control-regex -- refusing control characters (newlines) is the point
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * A TXT value (SPF, DKIM, DMARC, site verification): any length up to the limit, split into
 * 255-byte strings when served. Semicolons are part of DMARC and DKIM and are safe inside the
 * quoted strings; newlines, double quotes and backslashes are refused.
 */
export function txtProblem(value: string): DnsFieldCode | null {
  if (value === '' || CONTROL.test(value) || /["\\]/.test(value)) return 'invalid_text';
  return utf8Bytes(value) > DNS_LIMITS.txtBytes ? 'text_too_long' : null;
}

/** A value pasted with its zone-file quotes around it is taken without them. */
export function unquoteTxt(value: string): string {
  const v = value.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') && !v.slice(1, -1).includes('"')
    ? v.slice(1, -1)
    : v;
}

export const CAA_TAGS = ['issue', 'issuewild', 'iodef'] as const;
export type CaaTag = (typeof CAA_TAGS)[number];

/** CAA value: a CA's domain (optionally with `; key=value` parameters), `;` for none, or an iodef URL. */
export function caaProblem(tag: CaaTag, value: string): DnsFieldCode | null {
  if (value === '' || CONTROL.test(value) || /["\\]/.test(value) || !/^[\x20-\x7e]+$/.test(value))
    return 'invalid_caa';
  if (value.length > DNS_LIMITS.caaValueBytes) return 'invalid_caa';
  if (tag === 'iodef')
    return /^(mailto:[^\s@]+@[^\s@]+|https?:\/\/\S+)$/.test(value) ? null : 'invalid_caa';
  return /^\s*([a-z0-9-]+(\.[a-z0-9-]+)+)?\s*(;.*)?$/i.test(value) ? null : 'invalid_caa';
}

/**
 * A website forward target: an absolute http(s) URL without characters that could break a
 * config line (`$` too: nginx would read it as a variable; write it as %24).
 */
export function urlProblem(value: string): DnsFieldCode | null {
  if (
    value.length > DNS_LIMITS.urlLength ||
    CONTROL.test(value) ||
    !/^https?:\/\/[^\s"'\\;<>{}|^`$]+$/i.test(value)
  )
    return 'invalid_url';
  try {
    const url = new URL(value);
    return url.hostname === '' || url.username !== '' || url.password !== '' ? 'invalid_url' : null;
  } catch {
    return 'invalid_url';
  }
}

/** An SRV service name without its underscore (RFC 6335: at most 15 letters, digits, hyphens). */
export function serviceProblem(value: string): DnsFieldCode | null {
  return /^(?=.{1,15}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(value) && /[a-z]/.test(value)
    ? null
    : 'invalid_service';
}
