import type { FieldErrors, Resolver } from 'react-hook-form';
import * as dns from '@haven/contract/dns';

/**
 * The add/edit form keeps one flat set of fields; only those of the chosen type are sent. The
 * contract's `recordInput` schema (the one the server applies) checks the payload, so the form
 * and the API always agree on what is valid.
 */
export interface RecordFormValues {
  record: dns.EditableType;
  host: string;
  value: string;
  ttl: number | string;
  priority: number | string;
  weight: number | string;
  port: number | string;
  service: string;
  protocol: dns.SrvProtocol;
  target: string;
  flags: '0' | '128';
  tag: dns.CaaTag;
  /** The website forward's HTTP status. */
  redirect: '301' | '302';
}

export type RecordField = Exclude<keyof RecordFormValues, 'record'>;

/** The fields each type shows, in order. */
export const FIELDS_OF: Record<dns.EditableType, readonly RecordField[]> = {
  A: ['host', 'value', 'ttl'],
  AAAA: ['host', 'value', 'ttl'],
  CNAME: ['host', 'value', 'ttl'],
  HOST: ['host', 'ttl'],
  MX: ['host', 'value', 'priority', 'ttl'],
  TXT: ['host', 'value', 'ttl'],
  SRV: ['service', 'protocol', 'host', 'priority', 'weight', 'port', 'target', 'ttl'],
  CAA: ['host', 'flags', 'tag', 'value', 'ttl'],
  FORWARD: ['value', 'redirect', 'ttl'],
};

export function emptyValues(record: dns.EditableType = 'A'): RecordFormValues {
  return {
    record,
    host: '',
    value: '',
    ttl: dns.DNS_LIMITS.ttlDefault,
    priority: dns.DNS_LIMITS.priorityDefault,
    weight: 0,
    port: '',
    service: '',
    protocol: 'tcp',
    target: '',
    flags: '0',
    tag: 'issue',
    redirect: '301',
  };
}

/** The form's values for editing a listed record (SOA and NS are never edited). */
export function valuesOf(r: dns.DnsRecord): RecordFormValues {
  const record = (dns.EDITABLE_TYPES as readonly string[]).includes(r.record)
    ? (r.record as dns.EditableType)
    : 'A';
  const base = emptyValues(record);
  return {
    ...base,
    host: r.host,
    // HOST rows list the hosting server's address, which is not an input.
    value: record === 'HOST' || record === 'SRV' ? '' : (r.target ?? r.value),
    ttl: r.ttl,
    priority: r.priority ?? base.priority,
    weight: r.weight ?? base.weight,
    port: r.port ?? base.port,
    service: r.service ?? '',
    protocol: r.protocol ?? 'tcp',
    target: record === 'SRV' ? (r.target ?? r.value) : '',
    flags: r.flags === 128 ? '128' : '0',
    tag: r.tag ?? 'issue',
    redirect: r.redirect === 302 ? '302' : '301',
  };
}

/** A number field left empty is left out, so the schema's default (or its error) applies. */
function num(v: number | string): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  const s = v.trim();
  if (s === '') return undefined;
  const n = Number(s);
  // A non-number is passed on as NaN so the schema reports the field's own code.
  return Number.isFinite(n) ? n : Number.NaN;
}

/** The request body for the chosen type: only its own fields. */
export function toPayload(v: RecordFormValues): dns.RecordInput {
  const ttl = num(v.ttl);
  const common = { host: v.host, ...(ttl === undefined ? {} : { ttl }) };
  const priority = num(v.priority);
  switch (v.record) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'TXT':
      return { record: v.record, ...common, value: v.value };
    case 'HOST':
      return { record: 'HOST', ...common };
    case 'MX':
      return {
        record: 'MX',
        ...common,
        value: v.value,
        ...(priority === undefined ? {} : { priority }),
      };
    case 'SRV': {
      const weight = num(v.weight);
      const port = num(v.port);
      return {
        record: 'SRV',
        ...common,
        service: v.service,
        protocol: v.protocol,
        ...(priority === undefined ? {} : { priority }),
        ...(weight === undefined ? {} : { weight }),
        // A missing port must reach the schema to be reported as invalid_port.
        port: port ?? Number.NaN,
        target: v.target,
      };
    }
    case 'CAA':
      return {
        record: 'CAA',
        ...common,
        flags: v.flags === '128' ? 128 : 0,
        tag: v.tag,
        value: v.value,
      };
    case 'FORWARD':
      return {
        record: 'FORWARD',
        ...(ttl === undefined ? {} : { ttl }),
        value: v.value,
        redirect: v.redirect === '302' ? 302 : 301,
      };
  }
}

const FIELD_NAMES = new Set<string>([
  'host',
  'value',
  'ttl',
  'priority',
  'weight',
  'port',
  'service',
  'protocol',
  'target',
  'flags',
  'tag',
  'redirect',
]);

/** Field errors keyed by form field from the schema's issues (the first issue per field wins). */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<RecordField, string>> {
  const out: Partial<Record<RecordField, string>> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? 'record');
    const field = (FIELD_NAMES.has(name) ? name : 'value') as RecordField;
    out[field] ??= issue.message;
  }
  return out;
}

/** react-hook-form resolver: the contract schema on the payload of the chosen type. */
export const recordResolver: Resolver<RecordFormValues, unknown, dns.RecordInput> = (values) => {
  const payload = toPayload(values);
  const parsed = dns.recordInput.safeParse(payload);
  if (parsed.success) return { values: payload, errors: {} };
  const errors: FieldErrors<RecordFormValues> = {};
  for (const [field, message] of Object.entries(fieldErrors(parsed.error.issues))) {
    errors[field as RecordField] = { type: 'validation', message };
  }
  return { values: {}, errors };
};
