import { z } from 'zod';
import { defineEndpoint, CUSTOMER_LOGINS } from '../endpoint.ts';
import { VALIDATION } from '../rules/messages.ts';
import { domainParams } from './account.ts';
import { mailAddressValid, passwordPair, samePassword } from './mail-values.ts';

/**
 * Mailing lists (specs part 2 "Mail list"): a local part of the domain whose mail Haven's list
 * expander sends on to every subscriber. Rules, limits, error codes and endpoints in one file.
 */

/** `mail.list.error.<code>` (specs §8 "Mail list": cannot create, name exists; and subscribe). */
export const MAIL_LIST_ERRORS = [
  'cannot_create',
  'name_exists',
  'invalid_password',
  'already_subscribed',
  'not_subscribed',
  'subscriber_limit',
  'list_limit',
] as const;
export type MailListError = (typeof MAIL_LIST_ERRORS)[number];

export const MAIL_LIST_LIMITS = {
  listsPerDomain: 50,
  subscribersPerList: 5000,
  /** 64 bytes of a local part, less the `+bounces` suffix of the list's bounce address. */
  nameBytes: 56,
  /** Days a List-Unsubscribe link stays valid. */
  unsubscribeDays: 90,
} as const;

/** The bounce address of list `name` is `name+bounces@domain`: the envelope sender of its posts. */
export const LIST_BOUNCE_SUFFIX = '+bounces';

/**
 * A list name: a local part as mail names are, but without `+` (the bounce address adds
 * `+bounces`), lower-case, no leading, trailing or double dots, at most 56 bytes.
 */
export function listNameProblem(name: string): 'required' | 'too_long' | 'regex' | null {
  if (name.length === 0) return 'required';
  if (new TextEncoder().encode(name).length > MAIL_LIST_LIMITS.nameBytes) return 'too_long';
  return /^[a-z0-9](?:[a-z0-9_-]|\.(?!\.))*$/.test(name) && !name.endsWith('.') ? null : 'regex';
}

export const listName = z
  .string({ error: VALIDATION.required })
  .trim()
  .toLowerCase()
  .superRefine((v, ctx) => {
    const problem = listNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A subscriber or admin address (specs: email-type inputs); lower-cased. */
export const listAddress = z
  .string({ error: VALIDATION.required })
  .trim()
  .toLowerCase()
  .min(1, VALIDATION.required)
  .refine(mailAddressValid, VALIDATION.email);

/** List add (specs §3 "Mail list"): name, admin e-mail, password and repeat, active. */
export const createListBody = z
  .object({ name: listName, admin_email: listAddress, ...passwordPair, active: z.boolean() })
  .refine(...samePassword);
export type CreateListBody = z.input<typeof createListBody>;
export type CreateListInput = z.output<typeof createListBody>;

/** List update: an empty password keeps the old one. */
export const updateListBody = z
  .object({
    admin_email: listAddress,
    password: passwordPair.password.default(''),
    passwordRepeat: passwordPair.passwordRepeat.default(''),
    active: z.boolean(),
  })
  .refine(...samePassword);
export type UpdateListBody = z.input<typeof updateListBody>;
export type UpdateListInput = z.output<typeof updateListBody>;

export const subscribeBody = z.object({ email: listAddress });
export type SubscribeBody = z.input<typeof subscribeBody>;

export const mailList = z.object({
  name: z.string(),
  /** `name@domain`: where members post. */
  address: z.string(),
  admin_email: z.string(),
  active: z.boolean(),
  subscribers: z.number().int().nonnegative(),
});
export type MailList = z.infer<typeof mailList>;

export const mailListOverview = z.object({
  lists: z.array(mailList),
  /** False when the domain's mail is off: nothing is delivered. */
  mail_active: z.boolean(),
});
export type MailListOverview = z.infer<typeof mailListOverview>;

export const subscriberList = z.object({
  subscribers: z.array(z.object({ email: z.string(), since: z.number().int() })),
});
export type SubscriberList = z.infer<typeof subscriberList>;

const pathName = z.string().trim().toLowerCase().min(1).max(64);
export const listParams = domainParams.extend({ name: pathName });
export const subscriberParams = listParams.extend({ email: z.string().trim().toLowerCase() });

const manage = { access: 'domain', userTypes: CUSTOMER_LOGINS, activePlan: true } as const;
const tag = 'mail-list';
const base = '/api/{domain}/mail/list';

export const listLists = defineEndpoint({
  ...manage,
  method: 'GET',
  path: base,
  tag,
  summary: "The domain's mailing lists",
  params: domainParams,
  response: mailListOverview,
  errors: [],
});

export const getList = defineEndpoint({
  ...manage,
  method: 'GET',
  path: `${base}/{name}`,
  tag,
  summary: 'One mailing list',
  params: listParams,
  response: mailList,
  errors: [],
});

export const listSubscribers = defineEndpoint({
  ...manage,
  method: 'GET',
  path: `${base}/{name}/subscribers`,
  tag,
  summary: "A list's subscribers",
  params: listParams,
  response: subscriberList,
  errors: [],
});

export const availableSubscribers = defineEndpoint({
  ...manage,
  method: 'GET',
  path: `${base}/{name}/available`,
  tag,
  summary: "The domain's addresses that are not subscribed yet",
  params: listParams,
  response: z.object({ addresses: z.array(z.string()) }),
  errors: [],
});

export const createList = defineEndpoint({
  ...manage,
  method: 'POST',
  path: base,
  tag,
  summary: 'Create a mailing list: its address is delivered to every subscriber',
  params: domainParams,
  body: createListBody,
  response: mailList,
  errors: ['cannot_create', 'name_exists', 'invalid_password', 'list_limit'],
});

export const updateList = defineEndpoint({
  ...manage,
  method: 'PUT',
  path: `${base}/{name}`,
  tag,
  summary: "Change a list's admin, password (empty keeps it) or active flag",
  params: listParams,
  body: updateListBody,
  response: mailList,
  errors: ['invalid_password', 'cannot_create'],
});

export const deleteList = defineEndpoint({
  ...manage,
  method: 'DELETE',
  path: `${base}/{name}`,
  tag,
  summary: 'Delete a list and its subscribers; its address stops receiving mail',
  params: listParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: [],
});

export const subscribe = defineEndpoint({
  ...manage,
  method: 'POST',
  path: `${base}/{name}/subscribers`,
  tag,
  summary: 'Subscribe an address',
  params: listParams,
  body: subscribeBody,
  response: subscriberList,
  errors: ['already_subscribed', 'subscriber_limit'],
});

export const unsubscribe = defineEndpoint({
  ...manage,
  method: 'DELETE',
  path: `${base}/{name}/subscribers/{email}`,
  tag,
  summary: 'Unsubscribe an address',
  params: subscriberParams,
  response: subscriberList,
  errors: ['not_subscribed'],
});
