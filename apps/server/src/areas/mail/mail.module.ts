import type { MailSettings } from './mail.settings.ts';
import type { MailTables } from './mail.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import type { MailZone } from '../../model/mail-zone.ts';
import type { MailPorts } from './mail-ports.ts';
import { mailOwnRecords } from './mail-own-records.ts';
import { createFilterSync, syncFilterLogged } from './mail-filter-sync.ts';
import { createMailStore } from './mail.store.ts';
import { applyDomain, type MailDeps } from './mail-apply.ts';
import { ensureDns } from './mail-dns.ts';
import { mailDifferences, reconcileMailNode } from './mail-reconcile.ts';
import { mailRoutes } from './mail.routes.ts';
import { mailExports, type MailExports } from './mail.exports.ts';
import { createMailServices } from './mail.service.ts';
import { mailTrainingRoutes } from './mail-training.routes.ts';
import { webmailRedeemKey } from './webmail-key.ts';
import { createWebmailService } from './webmail.service.ts';
import { createWebmailStore } from './webmail.store.ts';
import { webmailRoutes } from './webmail.routes.ts';
import { createMailTrainingService } from './mail-training.service.ts';
import { createTrainingStore } from './mail-training.store.ts';
import { createMailboxLogins, type MailboxLoginDeps } from './mailbox-logins.ts';

/** What the mail area gets from others, wired in areas/registry.ts. */
export interface MailNeeds {
  /** The DNS area's side of the records mail needs (their state; adding the missing ones). */
  mailZone?: MailZone;
  /** The auth area's: a mailbox's new password ends its login's other sessions. */
  sessions: Pick<MailboxLoginDeps, 'revokeOtherSessions'>;
}

/**
 * Mailboxes, groups, forwards and the catch-all on the Postfix and Dovecot of each domain's node
 * (`ports`, agent/adapters/mail.ts); the node's rspamd signs with the DKIM keys made there, and
 * DNS gets their records through the DNS area.
 */
export function mailModule(
  core: CoreContext,
  settings: MailSettings,
  needs: MailNeeds,
  ports: MailPorts,
): AreaModule & { exports: MailExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<MailTables>();
  const logger = core.logger.child({ component: 'mail' });
  const store = createMailStore(db);
  const deps: MailDeps = {
    store,
    server: ports.server,
    rules: ports.rules,
    logins: createMailboxLogins({
      customers: core.customers,
      revokeOtherSessions: needs.sessions.revokeOtherSessions,
    }),
    clock: core.clock,
    logger,
    ownRecords: mailOwnRecords(ports.dkim),
    ...(needs.mailZone ? { mailZone: needs.mailZone } : {}),
    lists: { source: null },
    // Each node's rspamd (DKIM signing, per-mailbox spam settings); a node without one ignores it.
    syncFilter: createFilterSync(ports.filter, store),
  };
  const svc = createMailServices(deps);
  const webmail = createWebmailService({
    store,
    tokens: createWebmailStore(db),
    clock: core.clock,
    url: settings.webmailUrl,
    redeemKey: webmailRedeemKey(core.config.secret, core.config.dataDir),
  });
  const training = createMailTrainingService({
    store,
    training: createTrainingStore(db),
    server: ports.server,
    filter: ports.filter,
    clock: core.clock,
    logger,
  });
  return {
    name: 'mail',
    routes: (bind) => {
      mailRoutes(bind, svc);
      mailTrainingRoutes(bind, training);
      webmailRoutes(bind, webmail);
    },
    async onDomainCreated(domain) {
      await ensureDns(deps, domain);
      // The domain is served at once (its part on its node); a failure is logged, and the next
      // mail change or `haven reconcile` sends it.
      await applyDomain(deps, domain).catch(() => undefined);
    },
    // Each filter gets the rules made while it was off or before it was wired; not on the start's
    // wait (a node that is down would hold it).
    start: async () =>
      void store
        .nodes()
        .then((nodes) => {
          for (const node of nodes) void syncFilterLogged(deps, node, 'start');
        })
        .catch((err: unknown) => logger.error({ err }, 'mail: the filters were not synced')),
    // A node's maps and passwd-file hold all its domains: its parts compared once per node.
    async reconcileNode() {
      const changed = [];
      for (const node of await store.nodes()) {
        changed.push(...(await reconcileMailNode(deps, node)));
        await deps.syncFilter?.(node);
      }
      return mailDifferences(changed);
    },
    exports: mailExports(deps, core.customers, logger),
  };
}
