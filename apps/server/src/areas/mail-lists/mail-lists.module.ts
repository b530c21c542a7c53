import { LIST_BOUNCE_SUFFIX } from '@haven/contract/mail-lists';
import type { MailListsTables } from './mail-lists.tables.ts';
import type { CoreContext } from '../../core.ts';
import { loadSecret } from '../../lib/secret.ts';
import type { MailNamespace } from '../../model/mail-namespace.ts';
import type { ListExpander, ListSender } from '../../platform/list-expander/list-expander.port.ts';
import { lmtpListExpander } from '../../platform/list-expander/list-expander.lmtp.ts';
import { smtpListSender } from '../../platform/list-expander/list-sender.smtp.ts';
import type { AreaModule } from '../area.ts';
import { listDelivery } from './list-delivery.ts';
import { mailListsHttp } from './mail-lists.http.ts';
import { mailListsRoutes } from './mail-lists.routes.ts';
import { createMailListsService } from './mail-lists.service.ts';
import { createMailListsStore } from './mail-lists.store.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';

/** What the mail lists area gets from others, wired in areas/registry.ts. */
export interface MailListsNeeds {
  /** The mail area's names and maps: a list is a local part of the domain's mail. */
  namespace: MailNamespace;
}

/**
 * Mailing lists (docs/mail-lists.md): panel state here; Postfix routes each list address to the
 * expander this area runs on the node (`core.mailLists`), which sends the copies back through
 * Postfix. Without a node (tests, the operator CLI) lists are kept but not routed.
 */
export function mailListsModule(core: CoreContext, needs: MailListsNeeds): AreaModule {
  // The area's view of the database: the core's tables and its own.
  const db = core.db.withTables<MailListsTables>();
  const store = createMailListsStore(db);
  const logger = core.logger.child({ component: 'mail-lists' });
  const host = core.mailLists;
  const svc = createMailListsService({
    store,
    namespace: needs.namespace,
    clock: core.clock,
    logger,
  });
  const tokens = unsubscribeTokens(loadSecret(core.config.secret, core.config.dataDir), () =>
    core.clock.now(),
  );
  const locals = (name: string) => [name, `${name}${LIST_BOUNCE_SUFFIX}`];
  needs.namespace.provideLists({
    names: async (domainId) => (await store.lists(domainId)).flatMap((l) => locals(l.name)),
    // Each node routes its domains' lists to its own expander (agent/adapters/mail.ts).
    routes: async () =>
      (await store.activeLists()).flatMap((l) =>
        locals(l.name).map((local) => ({ domainId: l.domain_id, local })),
      ),
    async addressesGone(domainId, addresses) {
      for (const email of addresses) await store.unsubscribeEverywhere(domainId, email);
    },
  });
  let running: { expander: ListExpander; sender: ListSender } | null = null;
  return {
    name: 'mail-lists',
    routes: (bind) => mailListsRoutes(bind, svc),
    http: (app) => mailListsHttp(app, { store, tokens }),
    async start() {
      if (!host) return;
      const sender = smtpListSender(host.smtpPort);
      const expander = lmtpListExpander(host.port, (m) => logger.warn(m));
      try {
        await expander.start(
          listDelivery({ store, sender, tokens, publicUrl: core.config.publicUrl, logger }),
        );
      } catch (error) {
        // The panel still serves; Postfix defers list mail until the expander listens.
        sender.close();
        logger.error({ err: error, port: host.port }, 'mail lists: the expander did not start');
        return;
      }
      running = { expander, sender };
    },
    async stop() {
      await running?.expander.stop();
      running?.sender.close();
      running = null;
    },
  };
}
