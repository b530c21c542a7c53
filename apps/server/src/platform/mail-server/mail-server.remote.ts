import type { PortSpec } from '../node-bus/port-spec.ts';
import type { MailboxRulesWriter } from './mailbox-rules.ts';
import {
  MailServerError,
  type MailChange,
  type MailServer,
  type MailServerFailure,
  type MailState,
} from './mail-server.port.ts';

/**
 * The mail server as a node serves it: `apply` takes the state itself, never a function (a
 * function cannot cross the bus; the panel reads the state before the call).
 */
export type NodeMailServer = Omit<MailServer, 'apply'> & {
  apply(state: MailState): Promise<readonly MailChange[]>;
};

/**
 * The object of a node's whole mail state: one per node (the outbox keys objects by node and
 * name, so the node needs no place in the name). `apply` carries every domain the node serves,
 * so the newest call supersedes every older one.
 */
export const MAIL_STATE_OBJECT = 'mail-state';

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
 * Postfix and Dovecot across the bus. `apply` answers what it rewrote (the reconcile's lines), so
 * a pending one throws; usage answers a Map and a message's source its bytes (base64: the bus
 * carries JSON of at most 1 MB, so training reads only a byte of it to see it is there and the
 * node reads the message itself to learn it, mail-filter.remote.ts).
 */
export const mailServerRemote: PortSpec<NodeMailServer> = {
  name: 'mail-server',
  methods: {
    apply: { kind: 'change', object: () => MAIL_STATE_OBJECT, whenPending: 'throw' },
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
