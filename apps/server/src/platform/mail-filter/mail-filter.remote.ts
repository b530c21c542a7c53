import type { PortSpec } from '../node-bus/port-spec.ts';
import type { DkimKey } from './dkim-keys.ts';
import type { MailFilter } from './mail-filter.port.ts';
import { FilterRejectedError } from './rspamd-files.ts';

/** The object of a node's whole filter rules (signing, spam settings): one per node. */
export const MAIL_FILTER_OBJECT = 'mail-filter';

/**
 * rspamd across the bus. `apply` sets the node's whole rules (every domain it serves), so the
 * newest supersedes the rest. `learn` is request/reply, not queued: it is an act whose answer
 * the screen shows now, rspamd's learn cache makes it safe to repeat, and the node reads the
 * message from its own Maildir (no bytes cross). The host's `reload()` stays on the node: the
 * adapter calls it after writing the rules.
 */
export const mailFilterRemote: PortSpec<MailFilter> = {
  name: 'mail-filter',
  methods: {
    apply: { kind: 'change', object: () => MAIL_FILTER_OBJECT },
    // rspamd's own learn waits up to 30 s; a locked statistics file is tried again for ~3 s.
    learn: { kind: 'read', timeoutMs: 35_000 },
    learns: { kind: 'read' },
  },
  failure: (e) =>
    e.reason === 'filter_rejected'
      ? new FilterRejectedError(e.message)
      : Object.assign(new Error(e.message), { reason: e.reason }),
};

/** A node's DKIM keys (rspamd signs with them; their TXT values go into the zones). */
export interface DkimKeys {
  /** The domain's key, made on the node the first time (keys are never replaced). */
  key(domain: string): Promise<DkimKey>;
}

/**
 * The DKIM keys across the bus: a read that makes the key when it is missing (idempotent: made
 * once, then always the same), so DNS screens never queue work; the panel keeps the answers.
 */
export const dkimKeysRemote: PortSpec<DkimKeys> = {
  name: 'dkim-keys',
  methods: { key: { kind: 'read' } },
};
