import type { PortSpec } from '../node-bus/port-spec.ts';
import type { MailboxRulesWriter } from './mailbox-rules.ts';
import type { DomainMailServer } from './mail-server.domains.ts';
import { mailPartObject } from './mail-parts.ts';
import { MailServerError, type MailServer, type MailServerFailure } from './mail-server.port.ts';

/**
 * The mail server as a node serves it: each domain's mail is an object of its own
 * (`mail:<domain>`, mail-parts.ts) carrying only that domain's state; the node keeps every
 * domain's last part and renders their merge (mail-server.domains.ts).
 */
export type NodeMailServer = Omit<MailServer, 'apply'> & DomainMailServer;

/** The node's render of all its parts (reconcile): the newest render supersedes older ones. */
export const MAIL_MAPS_OBJECT = 'mail-maps';

/**
 * A list route's transport as the panel sends it: the node's own list expander. The node puts
 * its expander's LMTP address in its place, or drops the route when it runs none (the panel
 * does not know a node's ports).
 */
export const NODE_LIST_EXPANDER = 'node:list-expander';

/** A mailbox's home (its Maildir and Sieve script): removal and the script share it. */
export const mailboxObject = (address: string) => `mailbox:${address.toLowerCase()}`;

const REASONS: readonly MailServerFailure[] = ['invalid', 'check_failed', 'unavailable', 'failed'];
const rebuild = (reason: string, message: string) =>
  new MailServerError(
    REASONS.includes(reason as MailServerFailure) ? (reason as MailServerFailure) : 'failed',
    message,
  );

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytesOf = (value: unknown) =>
  typeof value === 'string' ? new Uint8Array(Buffer.from(value, 'base64')) : null;

/**
 * Postfix and Dovecot across the bus. `applyDomain` and `render` answer what they rewrote (the
 * reconcile's lines), so a pending one throws; usage answers a Map and a message's source its bytes (base64: the bus
 * carries JSON of at most 1 MB, so training reads only a byte of it to see it is there and the
 * node reads the message itself to learn it, mail-filter.remote.ts).
 */
export const mailServerRemote: PortSpec<NodeMailServer> = {
  name: 'mail-server',
  methods: {
    applyDomain: { kind: 'change', object: mailPartObject, whenPending: 'throw' },
    render: { kind: 'change', object: () => MAIL_MAPS_OBJECT, whenPending: 'throw' },
    parts: { kind: 'read' },
    usage: {
      kind: 'read',
      encode: (sizes) => [...sizes],
      decode: (value) => new Map(value as [string, number][]),
    },
    removeMailbox: { kind: 'change', object: mailboxObject },
    recentMessages: { kind: 'read' },
    messageSource: {
      kind: 'read',
      encode: (bytes) => (bytes ? base64(bytes) : null),
      decode: bytesOf,
    },
  },
  failure: (e) => rebuild(e.reason, e.message),
};

/**
 * A mailbox's Sieve script across the bus: the whole script in each call, on the mailbox's home
 * object, so a newer script, or the mailbox's removal, supersedes it.
 */
export const mailboxRulesRemote: PortSpec<MailboxRulesWriter> = {
  name: 'mailbox-rules',
  methods: { write: { kind: 'change', object: mailboxObject } },
  failure: (e) => rebuild(e.reason, e.message),
};
