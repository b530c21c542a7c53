import { z } from 'zod';
import { VALIDATION } from '../rules/messages.ts';

/**
 * Mail (specs part 2 "Mail": addresses by type address|group, forwards, settings). This file
 * holds the rules, limits and error codes every layer shares; the endpoints are in mail.ts.
 */

/** `mail.account.error.<code>` (specs §8 "Mail account"). */
export const MAIL_ACCOUNT_ERRORS = [
  'exists_as_group',
  'exists_as_group_alias',
  'exists_as_address',
  'exists_as_address_alias',
  /** The name is already the `from` of a forward. */
  'exists_as_forward',
  /** The name is a mailing list's (or its bounce address). */
  'exists_as_list',
  'general',
  'invalid_password',
  'account_limit',
  'alias_loop',
  'unavailable',
] as const;
export type MailAccountError = (typeof MAIL_ACCOUNT_ERRORS)[number];

/** `mail.forward.error.<code>` (specs §8 "Mail forward"). */
export const MAIL_FORWARD_ERRORS = [
  'invalid_from',
  'invalid_to',
  'limit_reached',
  'from_in_use',
  'unknown',
  'not_found',
] as const;
export type MailForwardError = (typeof MAIL_FORWARD_ERRORS)[number];

/** Message keys shown beside a field (specs §5, §8 "Known keys"). */
export const MAIL_FIELD_KEYS = {
  aliasInvalid: 'mail.account.alias.invalid',
  spamfilterInvalid: 'mail.account.spamfilter.invalid',
} as const;

export const MAIL_LIMITS = {
  /** Mail accounts on an instap (entry-level) plan (specs §9). */
  instapAccounts: 5,
  /** RFC 5321 §4.5.3.1.1: a local part is at most 64 octets. */
  localPartBytes: 64,
  aliasesPerAccount: 50,
  forwardingPerAccount: 20,
  groupMembers: 200,
  /** Forwards per domain (specs: the maximum comes from the server): by plan. */
  forwardsInstap: 10,
  forwards: 100,
} as const;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** The address types of the list route `/mail/{domain}/{type}`. */
export const MAIL_ADDRESS_TYPES = ['address', 'group'] as const;
export type MailAddressType = (typeof MAIL_ADDRESS_TYPES)[number];

/**
 * A mailbox or group name (the local part Haven stores and makes a folder of): lower-case
 * letters, digits, `.`, `_`, `+`, `-`; no leading, trailing or consecutive dots; no quotes,
 * spaces or unicode; at most 64 bytes. Narrower than RFC 5322 on purpose: it becomes a path.
 */
export function mailNameProblem(name: string): 'required' | 'too_long' | 'regex' | null {
  if (name.length === 0) return 'required';
  if (utf8Bytes(name) > MAIL_LIMITS.localPartBytes) return 'too_long';
  return /^[a-z0-9](?:[a-z0-9_+-]|\.(?!\.))*$/.test(name) && !name.endsWith('.') ? null : 'regex';
}

/**
 * An alias (specs §5): spaces removed, then only letters, digits and
 * `. ! # $ % & ' * + - / = ? ^ _ \` { | } ~`; also no leading, trailing or consecutive dots
 * (RFC 5322 dot-atom) and at most 64 bytes. Lower-cased like names.
 */
export const normalizeAlias = (alias: string) => alias.replace(/\s+/g, '').toLowerCase();
export function aliasValid(alias: string): boolean {
  return (
    utf8Bytes(alias) <= MAIL_LIMITS.localPartBytes &&
    // Not a leading `#`: a mail server's table would read that line as a comment.
    /^(?!#)[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/.test(alias)
  );
}

/** A full address a forward or a forwarding rule may deliver to (any domain). */
export function mailAddressValid(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 1) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  return (
    aliasValid(local) &&
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/.test(domain)
  );
}

export const mailName = z
  .string({ error: VALIDATION.required })
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    const problem = mailNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const mailAlias = z
  .string()
  .transform(normalizeAlias)
  .refine(aliasValid, MAIL_FIELD_KEYS.aliasInvalid);

export const mailTarget = z
  .string()
  .trim()
  .toLowerCase()
  .refine(mailAddressValid, VALIDATION.email);

/** Lists ignore duplicates (specs §5). */
const unique = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max, VALIDATION.tooLong)
    .transform((list) => [...new Set(list)]);

/** A new password and its repeat as a mailbox's or a list's body sends them; the policy is the service's. */
export const passwordPair = {
  password: z.string().max(255, VALIDATION.tooLong),
  passwordRepeat: z.string().max(255, VALIDATION.tooLong),
};
/** The repeat matches the password: `.refine(...samePassword)` on a body with `passwordPair`. */
export const samePassword: [
  (v: { password: string; passwordRepeat: string }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.password === v.passwordRepeat,
  { path: ['passwordRepeat'], message: VALIDATION.confirmed },
];

/** A mailbox's settings as the add and the detail send them (specs §3 "Mail account"). */
export const mailboxFields = {
  forwarding: z.object({ address: unique(mailTarget, MAIL_LIMITS.forwardingPerAccount) }),
  alias: unique(mailAlias, MAIL_LIMITS.aliasesPerAccount),
  /** MiB; 0 = the plan's default. */
  quota: z.number().int().min(0).max(1_048_576),
};

/** The mail account form (specs §3 "Mail account"), without autoresponder and spam filter. */
export const mailAccountInput = z
  .object({
    name: mailName,
    ...passwordPair,
    ...mailboxFields,
    quota: mailboxFields.quota.default(0),
  })
  .refine(...samePassword);
export type MailAccountInput = z.infer<typeof mailAccountInput>;

export const mailGroupInput = z.object({
  name: mailName,
  alias: unique(mailAlias, MAIL_LIMITS.aliasesPerAccount),
  members: unique(mailTarget, MAIL_LIMITS.groupMembers).refine(
    (m) => m.length > 0,
    VALIDATION.required,
  ),
});
export type MailGroupInput = z.infer<typeof mailGroupInput>;

/** Forward create (specs §3 "Forward record"): a local part of the domain and a target. */
export const mailForwardInput = z.object({ from: mailAlias, to: mailTarget });
export type MailForwardInput = z.infer<typeof mailForwardInput>;

/** Mail settings (specs §3): the service switch and the catch-all. */
export const mailSettingsInput = z
  .object({
    active: z.boolean(),
    catch_all: z.enum(['reject', 'forward']),
    catch_all_address: mailTarget.nullable(),
  })
  .refine((v) => v.catch_all === 'reject' || v.catch_all_address !== null, {
    path: ['catch_all_address'],
    message: VALIDATION.required,
  });
export type MailSettingsInput = z.infer<typeof mailSettingsInput>;
