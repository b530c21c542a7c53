import { z } from 'zod';
import { domainName } from '../rules/domain-name.ts';
import { VALIDATION } from '../rules/messages.ts';
import {
  CAA_TAGS,
  DNS_LIMITS,
  caaProblem,
  hostProblem,
  isIpv4,
  isIpv6,
  serviceProblem,
  targetProblem,
  txtProblem,
  unquoteTxt,
  urlProblem,
  type DnsFieldCode,
} from './dns-values.ts';

export * from './dns-values.ts';

/**
 * DNS of a domain (specs part 1 §2 and §7, part 2 §3). Record types as the customer sees them:
 * - A, AAAA, CNAME, MX, TXT, SRV, CAA: the DNS types of the same name.
 * - C: the original panel's short name for CNAME; accepted on input, always answered as CNAME.
 * - HOST: a host on the provider's hosting server. It is served as an A (and AAAA) record with
 *   the server's address from the operator's configuration, so it follows a server move.
 * - FORWARD: the website forward. The domain's address records point at the hosting server,
 *   which redirects every request for the domain and www to the URL.
 * - SOA and NS: made by the provider, shown read-only.
 */
export const RECORD_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'HOST',
  'MX',
  'SOA',
  'NS',
  'SRV',
  'TXT',
  'CAA',
  'FORWARD',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Types a customer can add, in the order the add screen offers them. */
export const EDITABLE_TYPES = [
  'A',
  'AAAA',
  'CNAME',
  'HOST',
  'MX',
  'TXT',
  'SRV',
  'CAA',
  'FORWARD',
] as const;
export type EditableType = (typeof EDITABLE_TYPES)[number];

export const SRV_PROTOCOLS = ['tcp', 'tls', 'udp'] as const;
export type SrvProtocol = (typeof SRV_PROTOCOLS)[number];

/** How a website forward redirects: 301 moved permanently (the default), 302 found (temporary). */
export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
const redirectStatus = z.union([z.literal(301), z.literal(302)], { error: 'invalid_redirect' });

/** Rule codes of the DNS area; the add screen shows them raw, as the specs say. */
export const DNS_ERRORS = [
  'spamfilter_active',
  'mx_prerequisite',
  'forward_exists',
  'forward_address_conflict',
  'cname_conflict',
  'cname_apex',
  'duplicate_record',
  // A second SPF policy at a name, or a second DMARC policy: receivers then reject the domain's mail.
  'spf_exists',
  'dmarc_exists',
  'record_not_found',
  'dns_unavailable',
  'forward_unavailable',
  ...(['invalid_host', 'name_too_long', 'target_is_ip'] as const satisfies readonly DnsFieldCode[]),
] as const;
export type DnsError = (typeof DNS_ERRORS)[number];

/** Adds the value's problem code (from dns-values) as the field's issue. */
function checked<T extends z.ZodType<string>>(
  schema: T,
  problem: (v: string) => DnsFieldCode | null,
) {
  return schema.superRefine((value, ctx) => {
    const code = problem(value);
    if (code) ctx.addIssue({ code: 'custom', message: code });
  });
}

function intIn(min: number, max: number, code: DnsFieldCode, step = 1) {
  return z
    .number({ error: code })
    .int({ error: code })
    .min(min, { error: code })
    .max(max, { error: code })
    .multipleOf(step, { error: code });
}

const text = (max: number) =>
  z.string({ error: VALIDATION.required }).trim().max(max, { error: VALIDATION.tooLong });
// Names get a generous length cap here so an overlong one is reported as name_too_long (by
// hostProblem/targetProblem) rather than as a generic too_long.
const NAME_INPUT_MAX = 1_024;
const hostInput = checked(
  text(NAME_INPUT_MAX)
    .toLowerCase()
    .transform((v) => (v === '@' ? '' : v)),
  hostProblem,
);
const targetInput = checked(
  text(NAME_INPUT_MAX).toLowerCase().min(1, { error: VALIDATION.required }),
  targetProblem,
);
const ttl = intIn(DNS_LIMITS.ttlMin, DNS_LIMITS.ttlMax, 'invalid_ttl').default(
  DNS_LIMITS.ttlDefault,
);
const priority = intIn(
  DNS_LIMITS.priorityMin,
  DNS_LIMITS.priorityMax,
  'invalid_priority',
  DNS_LIMITS.priorityStep,
).default(DNS_LIMITS.priorityDefault);
const common = { host: hostInput.default(''), ttl };

export const aInput = z.object({
  record: z.literal('A'),
  ...common,
  value: checked(text(15).min(1, { error: VALIDATION.required }), (v) =>
    isIpv4(v) ? null : 'invalid_ipv4',
  ),
});
export const aaaaInput = z.object({
  record: z.literal('AAAA'),
  ...common,
  value: checked(text(45).toLowerCase().min(1, { error: VALIDATION.required }), (v) =>
    isIpv6(v) ? null : 'invalid_ipv6',
  ),
});
export const cnameInput = z.object({
  record: z.enum(['CNAME', 'C']),
  ...common,
  value: targetInput,
});
export const hostRecordInput = z.object({ record: z.literal('HOST'), ...common });
export const mxInput = z.object({
  record: z.literal('MX'),
  ...common,
  value: targetInput,
  priority,
});
export const txtInput = z.object({
  record: z.literal('TXT'),
  ...common,
  value: checked(
    z
      .string({ error: VALIDATION.required })
      .max(DNS_LIMITS.txtBytes + 2, { error: 'text_too_long' })
      .transform(unquoteTxt),
    txtProblem,
  ),
});
export const srvInput = z.object({
  record: z.literal('SRV'),
  ...common,
  service: checked(
    text(20)
      .toLowerCase()
      .transform((v) => v.replace(/^_/, '')),
    serviceProblem,
  ),
  protocol: z.enum(SRV_PROTOCOLS, { error: 'invalid_service' }).default('tcp'),
  priority,
  weight: intIn(0, DNS_LIMITS.weightMax, 'invalid_weight').default(0),
  port: intIn(DNS_LIMITS.portMin, DNS_LIMITS.portMax, 'invalid_port'),
  target: targetInput,
});
export const caaInput = z
  .object({
    record: z.literal('CAA'),
    ...common,
    flags: z.union([z.literal(0), z.literal(128)], { error: 'invalid_caa' }).default(0),
    tag: z.enum(CAA_TAGS, { error: 'invalid_caa' }).default('issue'),
    value: text(DNS_LIMITS.caaValueBytes + 1).min(1, { error: VALIDATION.required }),
  })
  .superRefine((v, ctx) => {
    const code = caaProblem(v.tag, v.value);
    if (code) ctx.addIssue({ code: 'custom', message: code, path: ['value'] });
  });
export const forwardInput = z.object({
  record: z.literal('FORWARD'),
  /** A forward always covers the domain itself (and www); a host cannot be chosen. */
  host: z.literal('', { error: 'invalid_host' }).default(''),
  ttl,
  value: checked(text(DNS_LIMITS.urlLength + 1).min(1, { error: VALIDATION.required }), urlProblem),
  redirect: redirectStatus.default(301),
});

/** What the add and edit screens send (the row helper's `record`). */
export const recordInput = z.discriminatedUnion(
  'record',
  [
    aInput,
    aaaaInput,
    cnameInput,
    hostRecordInput,
    mxInput,
    txtInput,
    srvInput,
    caaInput,
    forwardInput,
  ],
  { error: 'invalid_record_type' },
);
export type RecordInput = z.input<typeof recordInput>;
export type RecordData = z.output<typeof recordInput>;

/** One row of the list (the row helper's record). */
export const dnsRecord = z.object({
  /** Positive for records the customer can change; 0 or less for the provider's SOA and NS. */
  id: z.number().int(),
  record: z.enum(RECORD_TYPES),
  /** Relative to the domain; '' is the domain itself. For SRV the part after `_service._protocol`. */
  host: z.string(),
  /** The full name the record is served at, without the trailing dot. */
  domain: z.string(),
  /** Address, target, text, URL or CAA value; for HOST the hosting server's address. */
  value: z.string(),
  ttl: z.number().int(),
  priority: z.number().int().nullable(),
  weight: z.number().int().nullable(),
  port: z.number().int().nullable(),
  service: z.string().nullable(),
  protocol: z.enum(SRV_PROTOCOLS).nullable(),
  target: z.string().nullable(),
  flags: z.number().int().nullable(),
  tag: z.enum(CAA_TAGS).nullable(),
  /** FORWARD: the redirect's HTTP status; null for every other type. */
  redirect: redirectStatus.nullable(),
  /** An MX whose target is a name with an A, AAAA, CNAME (C) or HOST record in this zone. */
  isInternal: z.boolean(),
  /** An MX pointing at one of the provider's spam filter hosts. */
  isSpamfilter: z.boolean(),
  /** Part of the provider's default zone. */
  isDefault: z.boolean(),
  readonly: z.boolean(),
});
export type DnsRecord = z.infer<typeof dnsRecord>;

export const dnsList = z.object({
  /** The domain is delegated to name servers elsewhere: changes here are not what the world sees. */
  ns_remote: z.boolean(),
  records: z.array(dnsRecord),
  /** SRV service names the add screen suggests. */
  services: z.array(z.string()),
  has_spamfilter: z.boolean(),
  /** Records that make an in-zone MX target possible (A, CNAME/C, HOST). */
  a_cname_host_count: z.number().int(),
  /** The provider's mail host, the usual MX target. */
  mx_target: z.string(),
  serial: z.number().int(),
});
export type DnsList = z.infer<typeof dnsList>;

export const dnsAvailable = z.object({
  kinds: z.array(
    z.object({ record: z.enum(EDITABLE_TYPES), blocked: z.enum(DNS_ERRORS).nullable() }),
  ),
  services: z.array(z.string()),
  protocols: z.array(z.enum(SRV_PROTOCOLS)),
  priorities: z.array(z.number().int()),
  caa_tags: z.array(z.enum(CAA_TAGS)),
  ttl: z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
  /** The hosting server's addresses a HOST record and a forward are served with. */
  hosting: z.object({ ipv4: z.string(), ipv6: z.string().nullable() }),
  mx_target: z.string(),
});
export type DnsAvailable = z.infer<typeof dnsAvailable>;

export const dnsParams = z.object({ domain: domainName });
export const recordParams = z.object({
  domain: domainName,
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
