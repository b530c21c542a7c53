import { z } from 'zod';
import { defineEndpoint, CUSTOMER_LOGINS } from '../endpoint.ts';
import { domainParams } from './account.ts';
import { MAIL_RULES_ERRORS } from './mail-rules.ts';
import {
  MAIL_ACCOUNT_ERRORS,
  MAIL_FORWARD_ERRORS,
  mailForwardInput,
  mailSettingsInput,
} from './mail-values.ts';
import {
  createAddressBody,
  createGroupBody,
  mailAccountList,
  mailAccountParams,
  mailAddressDetail,
  mailForward,
  mailForwardList,
  mailForwardParams,
  mailGroupDetail,
  mailNameParams,
  mailDnsResult,
  mailSettings,
  mailTypeParams,
  updateAddressBody,
  updateForwardBody,
  updateGroupBody,
  updateResult,
} from './mail-entities.ts';

/**
 * Mail (specs part 2 "Mail"): addresses and groups, forwards and the domain's settings. Rules and
 * error codes are in mail-values.ts, the schemas in mail-entities.ts; both are re-exported.
 */
export * from './mail-values.ts';
export * from './mail-entities.ts';
export * from './mail-training.ts';
export * from './mail-webmail.ts';

/** Who may manage the domain's mail; an EMAIL login reaches only its own mailbox (below). */
const manage = { access: 'domain', userTypes: CUSTOMER_LOGINS, activePlan: true } as const;
/** The mailbox endpoints an EMAIL login may use too (the service keeps it to its own mailbox). */
const own = { access: 'domain', activePlan: true } as const;
const tag = 'mail';
const base = '/api/{domain}/mail';

const accountErrors = MAIL_ACCOUNT_ERRORS;
const ruleErrors = MAIL_RULES_ERRORS.filter(
  (c) => c === 'sieve_rejected' || c === 'filter_rejected',
);

export const listAccounts = defineEndpoint({
  ...manage,
  method: 'GET',
  path: `${base}/account/{type}`,
  tag,
  summary: "The domain's addresses (with each mailbox's usage) or groups",
  params: mailTypeParams,
  response: mailAccountList,
  errors: [],
});

export const createAddress = defineEndpoint({
  ...manage,
  method: 'POST',
  path: `${base}/account/address`,
  tag,
  summary: 'Create a mailbox (Maildir, password, aliases, forwarding copies)',
  params: domainParams,
  body: createAddressBody,
  response: mailAddressDetail,
  errors: accountErrors,
});

export const createGroup = defineEndpoint({
  ...manage,
  method: 'POST',
  path: `${base}/account/group`,
  tag,
  summary: 'Create a group: an address that delivers to its members',
  params: domainParams,
  body: createGroupBody,
  response: mailGroupDetail,
  errors: accountErrors,
});

export const getAddress = defineEndpoint({
  ...own,
  method: 'GET',
  path: `${base}/account/address/{name}`,
  tag,
  summary: 'One mailbox: forwarding, aliases, quota and usage, autoresponder, spam filter',
  params: mailNameParams,
  response: mailAddressDetail,
  errors: [],
});

export const getGroup = defineEndpoint({
  ...manage,
  method: 'GET',
  path: `${base}/account/group/{name}`,
  tag,
  summary: 'One group and its members',
  params: mailNameParams,
  response: mailGroupDetail,
  errors: [],
});

export const updateAddress = defineEndpoint({
  ...own,
  method: 'PUT',
  path: `${base}/account/address/{name}`,
  tag,
  summary:
    'Change a mailbox: password (empty keeps it), forwarding, aliases, quota, autoresponder, spam filter. ' +
    'An EMAIL login may change only its own mailbox and not its aliases or quota.',
  params: mailNameParams,
  body: updateAddressBody,
  response: updateResult,
  errors: [...accountErrors, ...ruleErrors],
});

export const updateGroup = defineEndpoint({
  ...manage,
  method: 'PUT',
  path: `${base}/account/group/{name}`,
  tag,
  summary: "Change a group's aliases and members",
  params: mailNameParams,
  body: updateGroupBody,
  response: updateResult,
  errors: accountErrors,
});

export const deleteAccount = defineEndpoint({
  ...manage,
  method: 'DELETE',
  path: `${base}/account/{type}/{name}`,
  tag,
  summary: 'Delete a mailbox (and its mail) or a group, with its aliases',
  params: mailAccountParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: ['general', 'unavailable'],
});

const forwardTag = 'mail-forward';

export const listForwards = defineEndpoint({
  ...manage,
  method: 'GET',
  path: `${base}/forward`,
  tag: forwardTag,
  summary: "The domain's forwards and '{current} of {max}' in use",
  params: domainParams,
  response: mailForwardList,
  errors: [],
});

export const getForward = defineEndpoint({
  ...manage,
  method: 'GET',
  path: `${base}/forward/{from}`,
  tag: forwardTag,
  summary: 'One forward',
  params: mailForwardParams,
  response: mailForward,
  errors: ['not_found'],
});

export const createForward = defineEndpoint({
  ...manage,
  method: 'POST',
  path: `${base}/forward`,
  tag: forwardTag,
  summary: 'Forward mail for a local part of the domain to an address',
  params: domainParams,
  body: mailForwardInput,
  response: mailForward,
  errors: MAIL_FORWARD_ERRORS,
});

export const updateForward = defineEndpoint({
  ...manage,
  method: 'PUT',
  path: `${base}/forward/{from}`,
  tag: forwardTag,
  summary: "Change a forward's target",
  params: mailForwardParams,
  body: updateForwardBody,
  response: mailForward,
  errors: MAIL_FORWARD_ERRORS,
});

export const deleteForward = defineEndpoint({
  ...manage,
  method: 'DELETE',
  path: `${base}/forward/{from}`,
  tag: forwardTag,
  summary: 'Delete a forward',
  params: mailForwardParams,
  response: z.object({ deleted: z.literal(true) }),
  errors: ['not_found', 'unknown'],
});

const settingsAccess = { ...manage, userTypes: ['HOSTING'] } as const;

export const getSettings = defineEndpoint({
  ...settingsAccess,
  method: 'GET',
  path: `${base}/settings`,
  tag,
  summary: 'The mail service switch, the catch-all and the DNS records mail needs',
  params: domainParams,
  response: mailSettings,
  errors: [],
});

export const saveSettings = defineEndpoint({
  ...settingsAccess,
  method: 'PUT',
  path: `${base}/settings`,
  tag,
  summary: 'Turn the mail service on or off; reject or forward mail for unknown addresses',
  params: domainParams,
  body: mailSettingsInput,
  response: mailSettings,
  errors: ['general', 'alias_loop', 'unavailable'],
});

export const completeDns = defineEndpoint({
  ...settingsAccess,
  method: 'POST',
  path: `${base}/settings/dns`,
  tag,
  summary:
    'Put the missing DNS records for mail in place (MX, SPF, DKIM, DMARC) through the DNS area; ' +
    "a record of the domain's own in that place (another DMARC policy) stays as it is",
  params: domainParams,
  response: mailDnsResult,
  errors: ['dns_refused', 'unavailable'],
});
