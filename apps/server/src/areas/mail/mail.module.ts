import { join } from 'node:path';
import type { MailSettings } from './mail.settings.ts';
import type { MailTables } from './mail.tables.ts';
import type { CoreContext } from '../../core.ts';
import type { AreaModule } from '../area.ts';
import type { MailOwnRecord, MailZone } from '../../model/mail-zone.ts';
import type { DomainRef } from '../../model/principal.ts';
import { debianMailLayout, localMailLayout } from '../../platform/mail-server/layout.ts';
import { postfixDovecotMailServer } from '../../platform/mail-server/mail-server.postfix-dovecot.ts';
import { sieveMailboxRules } from '../../platform/mail-server/mailbox-rules.ts';
import { dkimKeyring } from '../../platform/mail-filter/dkim-keys.ts';
import { rspamdMailFilter } from '../../platform/mail-filter/mail-filter.rspamd.ts';
import { createFilterSync, syncFilterLogged } from './mail-filter-sync.ts';
import { dkimRecordHost, dmarcValue } from '../../platform/mail-filter/mail-dns.ts';
import { createMailStore } from './mail.store.ts';
import { applyState, type MailDeps } from './mail-apply.ts';
import { ensureDns } from './mail-dns.ts';
import { mailDifferences } from './mail-reconcile.ts';
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
 * Mailboxes, groups, forwards and the catch-all on the node's Postfix and Dovecot (the layout of
 * the profile: the data dir's in the local profile, /etc in the debian one). The DKIM keys live
 * beside the maps; DNS gets their records through the DNS area.
 */
export function mailModule(
  core: CoreContext,
  settings: MailSettings,
  needs: MailNeeds,
): AreaModule & { exports: MailExports } {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<MailTables>();
  const layout =
    core.config.profile === 'debian' ? debianMailLayout() : localMailLayout(core.config.dataDir);
  const logger = core.logger.child({ component: 'mail' });
  const server = postfixDovecotMailServer({ layout, log: (m) => logger.warn(m) });
  const store = createMailStore(db);
  // Not under the mail dir: the key dir is 0700, and Dovecot must walk through the mail dir.
  const keyDir =
    core.config.profile === 'debian' ? '/etc/haven/dkim' : join(core.config.dataDir, 'dkim');
  const keys = dkimKeyring(keyDir);
  const ownRecords = async (domain: DomainRef): Promise<MailOwnRecord[]> => {
    const key = await keys.key(domain.name);
    return [
      { purpose: 'dkim', host: dkimRecordHost(key.selector), value: key.txt },
      { purpose: 'dmarc', host: '_dmarc', value: dmarcValue(domain.name) },
    ];
  };
  const filter = core.mailFilter ? rspamdMailFilter(core.mailFilter, keys) : null;
  const deps: MailDeps = {
    store,
    server,
    rules: sieveMailboxRules(layout),
    logins: createMailboxLogins({
      customers: core.customers,
      revokeOtherSessions: needs.sessions.revokeOtherSessions,
    }),
    clock: core.clock,
    logger,
    ownRecords,
    ...(needs.mailZone ? { mailZone: needs.mailZone } : {}),
    lists: { source: null },
    // The node's rspamd (DKIM signing, per-mailbox spam settings), when the node runs it.
    ...(filter ? { syncFilter: createFilterSync(filter, store) } : {}),
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
    server,
    ...(filter ? { filter } : {}),
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
      // The domain is served at once (its line in the domains table); a failure is logged, and
      // the next mail change or `haven reconcile` writes it.
      await applyState(deps).catch(() => undefined);
    },
    // The filter gets the rules made while it was off or before it was wired; not on the start's wait.
    start: async () => void syncFilterLogged(deps, 'start'),
    // The maps and the passwd-file hold every domain: rendered and compared once per run.
    async reconcileNode() {
      const changed = await applyState(deps);
      await deps.syncFilter?.();
      return mailDifferences(changed);
    },
    exports: mailExports(deps, core.customers, logger),
  };
}
