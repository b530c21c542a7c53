import { LIST_BOUNCE_SUFFIX } from '@haven/contract/mail-lists';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Logger } from '../../model/logger.ts';
import type {
  ListDelivery,
  ListSender,
  ListVerdict,
} from '../../platform/list-expander/list-expander.port.ts';
import {
  firstAddress,
  headerLine,
  headerValues,
  rewriteMessage,
  splitMessage,
} from '../../platform/list-expander/list-message.ts';
import { isDropped, mayPost } from './list-posting.ts';
import type { MailListsStore } from './mail-lists.store.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

/** Headers a post may not bring along: Haven writes the list's own, and strips the password. */
const DROP = [
  'approved',
  'list-id',
  'list-post',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'list-owner',
  'list-help',
  'list-subscribe',
  'list-archive',
  'precedence',
  'return-path',
  'delivered-to',
  'x-original-to',
];

export interface ListDeliveryDeps {
  store: MailListsStore;
  sender: ListSender;
  tokens: UnsubscribeTokens;
  /** The panel's public address, for the unsubscribe link. */
  publicUrl: string;
  logger: Logger;
}

/**
 * What the expander does with one message for one list address: drop bounces and loops, refuse
 * who may not post (550: Postfix bounces it to the sender), else send one copy to each
 * subscriber with the list's headers and their own unsubscribe link, from the bounce address.
 */
export function listDelivery(deps: ListDeliveryDeps) {
  const { store, logger } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  return async function deliver(d: ListDelivery): Promise<ListVerdict> {
    const at = d.recipient.lastIndexOf('@');
    const local = d.recipient.slice(0, at);
    const domain = d.recipient.slice(at + 1);
    // Bounces of the list's copies: taken in and dropped (no bounce handling yet: docs).
    if (local.endsWith(LIST_BOUNCE_SUFFIX)) {
      logger.info({ list: d.recipient, from: d.sender }, 'mail lists: bounce received');
      return { ok: true };
    }
    const list = await store.listAt(domain, local);
    if (!list || list.active !== 1)
      return { ok: false, permanent: true, reason: '5.1.1 no such mailing list' };
    const listId = `${list.name}.${domain}`;
    const message = splitMessage(d.message);
    if (isDropped({ sender: d.sender, listIds: headerValues(message, 'list-id'), listId }))
      return { ok: true };
    const subscribers = (await store.subscribers(list.id)).map((s) => s.email);
    const approvedWith = headerValues(message, 'approved')[0];
    const approved = approvedWith ? await verifyPassword(list.password_hash, approvedWith) : false;
    const from = firstAddress(headerValues(message, 'from')[0]);
    if (
      !mayPost({
        from,
        sender: d.sender,
        admin: list.admin_email,
        subscribers: new Set(subscribers),
        approved,
      })
    ) {
      logger.info({ list: d.recipient, from }, 'mail lists: post refused (not a subscriber)');
      return { ok: false, permanent: true, reason: '5.7.1 only subscribers may post to this list' };
    }
    const bounce = `${list.name}${LIST_BOUNCE_SUFFIX}@${domain}`;
    let sent = 0;
    for (const subscriber of subscribers) {
      const token = await deps.tokens.sign({ listId: list.id, email: subscriber });
      const top = [
        headerLine('List-Id', `<${listId}>`),
        headerLine('List-Post', `<mailto:${d.recipient}>`),
        headerLine('List-Owner', `<mailto:${list.admin_email}>`),
        headerLine(
          'List-Unsubscribe',
          `<${base}/mail-list/unsubscribe/${token}>, <mailto:${list.admin_email}?subject=unsubscribe%20${encodeURIComponent(d.recipient)}>`,
        ),
        headerLine('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
        headerLine('Precedence', 'list'),
      ];
      try {
        await deps.sender.send(
          { from: bounce, to: [subscriber] },
          rewriteMessage(message, DROP, top),
        );
        sent += 1;
      } catch (error) {
        logger.warn(
          { err: error, list: d.recipient, subscriber },
          'mail lists: a copy was not sent',
        );
      }
    }
    // Nothing went out: let Postfix try again later rather than lose the post.
    if (sent === 0 && subscribers.length > 0)
      return { ok: false, permanent: false, reason: '4.3.0 the list could not send, try later' };
    return { ok: true };
  };
}
