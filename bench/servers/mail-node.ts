// A built panel (bench/servers/panel.ts, supervised services off) whose SQL holds many mailboxes,
// with Postfix and Dovecot supervised by the bench on the panel's own mail layout (the local
// profile's: the panel builds the maps and the passwd-file, reloads this Postfix, and Dovecot
// reads that passwd-file), as the mail area's integration test runs them.
import { chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../apps/server/src/config.ts';
import { compose, type AppContext } from '../../apps/server/src/compose.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import {
  localMailLayout,
  type MailLayout,
} from '../../apps/server/src/platform/mail-server/layout.ts';
import { dovecotService } from '../../apps/server/src/platform/supervisor/dovecot.service.ts';
import { postfixService } from '../../apps/server/src/platform/supervisor/postfix.service.ts';
import { createSupervisor } from '../../apps/server/src/platform/supervisor/supervisor.ts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { startPanel, type Panel } from './panel.ts';

export const MAIL_PASSWORD = 'Bench-mail-2024!x';

export interface MailNode {
  panel: Panel;
  layout: MailLayout;
  smtpPort: number;
  /** The panel's environment, for an in-process context (`haven reconcile`'s code path). */
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

/** `domains` x `perDomain` mailboxes (each with one alias) in SQL, made before the panel starts. */
async function seed(env: Record<string, string | undefined>, domains: number, perDomain: number) {
  const ctx = await compose(loadConfig({ ...env, LOG_LEVEL: 'warn' }));
  try {
    const hash = await hashPassword(MAIL_PASSWORD); // one hash for all: ~1 s each here
    const now = Date.now();
    await ctx.db.transaction().execute(async (trx) => {
      for (let d = 0; d < domains; d++) {
        const { id } = await trx
          .insertInto('domains')
          .values({ customer_id: 1, name: `d${d}.example.test`, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let i = 0; i < perDomain; i++) {
          const account = await trx
            .insertInto('mail_accounts')
            .values({
              ...{ domain_id: id, name: `box${i}`, type: 'address', password_hash: hash },
              ...{ quota_mb: 1024, targets: '[]', autoresponder: null, spamfilter: null },
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('mail_aliases')
            .values({ account_id: account.id, domain_id: id, name: `alias${i}` })
            .execute();
        }
      }
    });
  } finally {
    await ctx.close();
  }
}

export async function startMailNode(domains: number, perDomain: number): Promise<MailNode> {
  let env: Record<string, string | undefined> = {};
  const panel = await startPanel(
    // The panel's own node off: its services would take the default ports, and its Postfix the
    // same config dir as the one supervised below.
    { HAVEN_SERVICES: 'off' },
    {
      prepare: async (e) => {
        env = e;
        await seed(e, domains, perDomain);
      },
    },
  );
  chmodSync(panel.dataDir, 0o711); // Dovecot delivers as the mail account
  const ports = { smtp: await freePort(), imap: await freePort(), lmtp: await freePort() };
  const layout = localMailLayout(panel.dataDir);
  const services = join(panel.dataDir, 'services');
  const supervisor = createSupervisor({
    services: [
      dovecotService(layout, { imap: ports.imap, lmtp: ports.lmtp }, join(services, 'dovecot')),
      postfixService(layout, { ...ports, milter: '' }, join(services, 'postfix')),
    ],
    dir: services,
    log: () => {},
    healthTimeoutMs: 60_000,
  });
  try {
    await supervisor.start();
  } catch (error) {
    await panel.stop();
    throw error;
  }
  return {
    panel,
    layout,
    smtpPort: ports.smtp,
    env,
    async stop() {
      await supervisor.stop();
      await panel.stop();
      // The supervisor's last state.json write can land after the panel removed its data dir.
      await new Promise((r) => setTimeout(r, 200));
      rmSync(panel.dataDir, { recursive: true, force: true });
    },
  };
}

/** An in-process context on the node's database and data dir (the CLI's own path). */
export const nodeContext = (node: MailNode): Promise<AppContext> =>
  compose(loadConfig({ ...node.env, LOG_LEVEL: 'warn' }));
