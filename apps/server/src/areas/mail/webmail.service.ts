import { WEBMAIL_LIMITS, type WebmailOpen } from '@haven/contract/mail';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import type { DomainRef, Principal } from '../../model/principal.ts';
import { assertOwnMailbox } from './mail-accounts.service.ts';
import { fail, notFound } from './mail.errors.ts';
import type { MailStore } from './mail.store.ts';
import type { WebmailStore } from './webmail.store.ts';

export interface WebmailDeps {
  store: MailStore;
  tokens: WebmailStore;
  clock: Clock;
  /** The operator's webmail address (HAVEN_WEBMAIL_URL); null: none. */
  url: string | null;
  /** The key the webmail plugin sends with a redeem (derived from the panel's secret). */
  redeemKey: string;
}

/**
 * Webmail single sign-on: a random token (256 bits) bound to one mailbox, valid for
 * `WEBMAIL_LIMITS.tokenSeconds`, stored only as its SHA-256, spent by the first redeem.
 */
export function createWebmailService(deps: WebmailDeps) {
  const { store, tokens, clock } = deps;
  return {
    info: () => ({ configured: deps.url !== null }),

    async open(principal: Principal, domain: DomainRef, name: string): Promise<WebmailOpen> {
      assertOwnMailbox(principal, domain, name);
      const row = await store.account(domain.id, name);
      if (row?.type !== 'address') throw notFound();
      if (!deps.url) throw fail('webmail_unavailable', 'unavailable');
      const token = randomToken(32);
      const now = clock.now();
      await tokens.insert(sha256Hex(token), row.id, now, now + WEBMAIL_LIMITS.tokenSeconds * 1000);
      const url = new URL(deps.url);
      url.searchParams.set('_haven_sso', token);
      return { url: url.toString(), expires_in: WEBMAIL_LIMITS.tokenSeconds };
    },

    /** The plugin's call: the token's mailbox, once; any failure reads the same. */
    async redeem(token: string, key: string): Promise<{ address: string }> {
      const refused = fail('invalid_token', 'unauthorized');
      if (!safeEqual(key, deps.redeemKey)) throw refused;
      const accountId = await tokens.spend(sha256Hex(token), clock.now());
      const address = accountId === null ? null : await tokens.address(accountId);
      if (!address) throw refused;
      return { address };
    },
  };
}
export type WebmailService = ReturnType<typeof createWebmailService>;
