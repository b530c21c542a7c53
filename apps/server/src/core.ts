import { join } from 'node:path';
import type { Logger } from './model/logger.ts';
import { pino } from 'pino';
import type { CoreConfig } from './model/core-config.ts';
import { migrate, openDatabase, type DatabaseHandle } from './db/database.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { secureDataDir } from './platform/data-dir/data-dir-access.ts';
import type { Mailer } from './platform/mailer/mailer.port.ts';
import { createOutboxMailer } from './platform/mailer/mailer.outbox.ts';
import { createSmtpMailer } from './platform/mailer/mailer.smtp.ts';
import { createCustomersStore } from './customers/customers.store.ts';
import type { Customers } from './customers/customers.ts';
import { createRecentDomains } from './customers/recent-domains.ts';
import { createPasswordChanges } from './customers/password-changes.ts';
import { createEmailLogins } from './customers/email-logins.ts';
import { createNodeWebspace, type WebspaceSettings } from './agent/node-webspace.ts';
import type { HostingAccess } from './model/hosting-access.ts';
import type { MailFilterHost } from './platform/mail-filter/mail-filter.port.ts';
import type { MailListHost } from './platform/list-expander/list-expander.port.ts';
import { startLocalNodes } from './nodes/local-nodes.ts';
import { natsNodeUsersOf } from './nodes/enrolment.ts';

/**
 * The one structured logger (JSON lines on stdout): the app hands it to Fastify, so request logs
 * (with their reqId) and the core's and areas' background work go through the same instance.
 */
export function createLogger(level: string, to: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino(
    { level, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    pino.destination({ dest: to === 'stdout' ? 1 : 2, sync: true }),
  );
}

export interface CoreOptions {
  clock?: Clock;
  mailer?: Mailer;
  logger?: Logger;
  /** Where the domains are served; main.ts passes the started node's (default: no node). */
  hostingAccess?: HostingAccess;
  /** The node's supervised rspamd; main.ts passes it when the node runs it (default: none). */
  mailFilter?: MailFilterHost | null;
  /** Where the node runs the mailing lists' expander; main.ts passes it (default: none). */
  mailLists?: MailListHost | null;
  /** With NATS, whether this process runs the local node's agent (the CLI: no; default yes). */
  localNodeAgent?: boolean;
}

export type { WebspaceSettings };

/** The data dir's modes (docs/operations.md, "Who reads what"); each change is logged once. */
export async function closeDataDir(
  config: Pick<CoreConfig, 'dataDir' | 'profile'>,
  webUser: string,
  logger: Logger,
): Promise<void> {
  const changes = await secureDataDir(config.dataDir, config.profile, webUser);
  if (changes.length > 0) logger.warn({ changes }, 'data dir: closed to other users');
}

/**
 * What every area may use: config, database (the core's tables), clock, logger, mailer, the
 * customer records, the webspace and where domains are served. The guard and the job runner are
 * the auth and jobs areas' exports, handed on by areas/registry.ts.
 */
export async function createCore(
  config: CoreConfig,
  options: CoreOptions & { hostingAccess: HostingAccess; webspace: WebspaceSettings },
) {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const mailLog = logger.child({ component: 'mailer' });
  // Before the database, secret and outbox are made in it: closed to every other user.
  await closeDataDir(config, options.webspace.webUser, logger);
  const database: DatabaseHandle = openDatabase(config.databaseUrl);
  await migrate(database);
  const { db } = database;
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, (m) =>
          mailLog.info(m),
        ));
  const passwordChanges = createPasswordChanges();
  const store = createCustomersStore(db);
  const recentDomains = createRecentDomains(store.domainByName);
  // Every password change goes through here, so the areas that keep a copy hear of it.
  const customers: Customers = {
    ...store,
    recentDomainByName: recentDomains.byName,
    domainsChanged: recentDomains.changed,
    emailLogins: createEmailLogins(db),
    async setPasswordHash(identityId, hash, at) {
      const result = await store.setPasswordHash(identityId, hash, at);
      await passwordChanges.changed(identityId, hash);
      return result;
    },
  };
  // The same homes `haven agent` builds on a node (agent/node-webspace.ts).
  const { webspace, webspaceFiles } = createNodeWebspace(config, options.webspace);
  // The panel's hosting nodes, this machine's `local` one among them: every area's platform
  // port goes through here (docs/nodes.md).
  const nodes = await startLocalNodes({
    db,
    clock,
    log: logger,
    applyWaitMs: config.applyWaitMs,
    agentDir: join(config.dataDir, 'agent'),
    nats: config.nats,
    natsUsers: natsNodeUsersOf(config.nats, config.dataDir),
    localAgentOverNats: options.localNodeAgent,
  });
  return {
    config,
    clock,
    logger,
    database,
    db,
    mailer,
    customers,
    passwordChanges,
    webspace,
    webspaceFiles,
    hostingAccess: options.hostingAccess,
    mailFilter: options.mailFilter ?? null,
    mailLists: options.mailLists ?? null,
    nodes,
  };
}
export type CoreContext = Awaited<ReturnType<typeof createCore>>;
