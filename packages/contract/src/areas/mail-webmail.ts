import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { domainParams } from './account.ts';
import { mailNameParams } from './mail-entities.ts';

/**
 * Webmail with single sign-on (specs part 2: `/mail/{domain}/webmail`): the panel makes a
 * short-lived, single-use token bound to one mailbox; the webmail (Roundcube with Haven's
 * plugin) redeems it server-to-server and logs in as that mailbox.
 */

export const WEBMAIL_LIMITS = {
  /** Seconds a sign-on token is valid. */
  tokenSeconds: 60,
} as const;

/** `mail.webmail.error.<code>`. */
export const MAIL_WEBMAIL_ERRORS = [
  /** The operator configured no webmail (HAVEN_WEBMAIL_URL). */
  'webmail_unavailable',
] as const;

export const webmailInfo = z.object({
  /** Whether the operator configured a webmail; false: the screen shows a notice. */
  configured: z.boolean(),
});
export type WebmailInfo = z.infer<typeof webmailInfo>;

export const webmailOpen = z.object({
  /** The webmail address with the sign-on token; open it within `expires_in` seconds, once. */
  url: z.string(),
  expires_in: z.number().int(),
});
export type WebmailOpen = z.infer<typeof webmailOpen>;

export const webmailRedeem = z.object({
  token: z.string().min(1).max(100),
  /** The key only the webmail plugin's config holds. */
  key: z.string().min(1).max(200),
});

const own = { access: 'domain', activePlan: true } as const;
const tag = 'mail-webmail';

export const getWebmail = defineEndpoint({
  ...own,
  method: 'GET',
  path: '/api/{domain}/mail/webmail',
  tag,
  summary: 'Whether a webmail is configured for the domain',
  params: domainParams,
  response: webmailInfo,
  errors: [],
});

export const openWebmail = defineEndpoint({
  ...own,
  method: 'POST',
  path: '/api/{domain}/mail/account/address/{name}/webmail',
  tag,
  summary: 'A single-use sign-on link to the webmail for one mailbox (valid 60 seconds)',
  params: mailNameParams,
  response: webmailOpen,
  errors: MAIL_WEBMAIL_ERRORS,
});

/** Called by the webmail plugin on the server, never by a browser: the token's mailbox, once. */
export const redeemWebmail = defineEndpoint({
  access: 'public',
  method: 'POST',
  path: '/api/webmail/redeem',
  tag,
  summary:
    "The webmail plugin exchanges a sign-on token for its mailbox's address (server to server)",
  body: webmailRedeem,
  response: z.object({ address: z.string() }),
  errors: ['invalid_token'],
});
