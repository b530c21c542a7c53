import { z } from 'zod';
import { domainParams } from './account.ts';
import { autoresponder, spamfilter } from './mail-rules.ts';
import {
  MAIL_ADDRESS_TYPES,
  mailAccountInput,
  mailboxFields,
  mailGroupInput,
  mailTarget,
  passwordPair,
  samePassword,
} from './mail-values.ts';

/** What the mail screens show and send (specs part 2 §3 "Mail account", "Forward record"). */

/** A name as it appears in a path: judged again by the body rules where it is created. */
const pathName = z.string().trim().toLowerCase().min(1).max(64);

export const mailTypeParams = domainParams.extend({ type: z.enum(MAIL_ADDRESS_TYPES) });
export const mailAccountParams = mailTypeParams.extend({ name: pathName });
export const mailNameParams = domainParams.extend({ name: pathName });
export const mailForwardParams = domainParams.extend({ from: pathName });

/** One row of the address list; `mailbox` is null for a group. */
export const mailAccountSummary = z.object({
  name: z.string(),
  type: z.enum(MAIL_ADDRESS_TYPES),
  /** `name@domain`. */
  address: z.string(),
  alias: z.array(z.string()),
  /** A group's members; an address's forwarding targets. */
  targets: z.array(z.string()),
  mailbox: z
    .object({
      /** Bytes in the Maildir. */
      usage: z.number().int().nonnegative(),
      /** MiB; 0 = no quota of its own. */
      quota: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type MailAccountSummary = z.infer<typeof mailAccountSummary>;

export const mailAccountList = z.object({
  accounts: z.array(mailAccountSummary),
  /** Mailboxes in use and the plan's maximum (null: no maximum). */
  limit: z.object({ current: z.number().int(), max: z.number().int().nullable() }),
  /** False when the mail service of the domain is off: the screens show a notice. */
  active: z.boolean(),
});
export type MailAccountList = z.infer<typeof mailAccountList>;

/** A mailbox as its detail screen shows it. */
export const mailAddressDetail = z.object({
  name: z.string(),
  address: z.string(),
  forwarding: z.object({ address: z.array(z.string()) }),
  alias: z.array(z.string()),
  quota: z.number().int().nonnegative(),
  usage: z.number().int().nonnegative(),
  autoresponder,
  spamfilter,
});
export type MailAddressDetail = z.infer<typeof mailAddressDetail>;

export const mailGroupDetail = z.object({
  name: z.string(),
  address: z.string(),
  alias: z.array(z.string()),
  members: z.array(z.string()),
});
export type MailGroupDetail = z.infer<typeof mailGroupDetail>;

export const createAddressBody = mailAccountInput;
export type CreateAddressBody = z.input<typeof createAddressBody>;
export const createGroupBody = mailGroupInput;
export type CreateGroupBody = z.input<typeof createGroupBody>;

/** An address's update: an empty password keeps the old one. */
export const updateAddressBody = z
  .object({
    password: passwordPair.password.default(''),
    passwordRepeat: passwordPair.passwordRepeat.default(''),
    ...mailboxFields,
    autoresponder,
    spamfilter,
  })
  .refine(...samePassword);
export type UpdateAddressBody = z.input<typeof updateAddressBody>;

export const updateGroupBody = mailGroupInput.omit({ name: true });
export type UpdateGroupBody = z.input<typeof updateGroupBody>;

/** Specs: "Update: returns errors[]" (shown joined by line breaks); empty when all went well. */
export const updateResult = z.object({ errors: z.array(z.string()) });

/** Forward record (specs §3): `host` is the local part it takes mail for, `value` its target. */
export const mailForward = z.object({ host: z.string(), address: z.string(), value: z.string() });
export type MailForward = z.infer<typeof mailForward>;

export const mailForwardList = z.object({
  records: z.array(mailForward),
  limit: z.object({ current: z.number().int(), max: z.number().int() }),
});
export type MailForwardList = z.infer<typeof mailForwardList>;

export const updateForwardBody = z.object({ value: mailTarget });

/**
 * One DNS record mail needs and how the domain's zone stands with it: `present`, `missing`, or
 * `different` (the zone has its own record in that place, listed in `found`: a customer's own
 * DMARC policy or MX is never replaced); `unknown` when the zone could not be read.
 */
export const MAIL_DNS_STATES = ['present', 'missing', 'different', 'unknown'] as const;
export type MailDnsState = (typeof MAIL_DNS_STATES)[number];

export const mailDnsRecord = z.object({
  type: z.enum(['MX', 'TXT']),
  /** Relative to the domain; `@` is the domain itself. */
  host: z.string(),
  value: z.string(),
  /** MX only. */
  priority: z.number().int().nullable(),
  purpose: z.enum(['mx', 'spf', 'dkim', 'dmarc']),
  state: z.enum(MAIL_DNS_STATES),
  found: z.array(z.string()),
});
export type MailDnsRecord = z.infer<typeof mailDnsRecord>;

export const mailSettings = z.object({
  active: z.boolean(),
  catch_all: z.enum(['reject', 'forward']),
  catch_all_address: z.string().nullable(),
  /** MX, SPF, DKIM and DMARC as the domain's zone (the DNS area) serves them. */
  dns: z.array(mailDnsRecord),
});
export type MailSettings = z.infer<typeof mailSettings>;

/** "Put the missing records in place": how many were added, and the records after. */
export const mailDnsResult = z.object({
  added: z.number().int().nonnegative(),
  dns: z.array(mailDnsRecord),
});
export type MailDnsResult = z.infer<typeof mailDnsResult>;
