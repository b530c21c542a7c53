import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { mailServices } from '../../src/hosting-node/local-node.ts';
import { reloadWhenRunning } from '../../src/hosting-node/reload-when-running.ts';
import { loadServiceSettings } from '../../src/hosting-node/settings.ts';
import type { MailFilterHost } from '../../src/platform/mail-filter/mail-filter.port.ts';
import type { RspamdService } from '../../src/platform/supervisor/rspamd.service.ts';
import { servicesDir } from '../../src/platform/supervisor/state-file.ts';
import { until } from './integration-services.ts';
import { freePort, freePorts } from '../free-port.ts';
import { localMailLayout } from '../../src/platform/mail-server/layout.ts';
import { dovecotService } from '../../src/platform/supervisor/dovecot.service.ts';
import { postfixService } from '../../src/platform/supervisor/postfix.service.ts';
import { createSupervisor, type Supervisor } from '../../src/platform/supervisor/supervisor.ts';

/**
 * The node's Postfix and Dovecot, supervised on free loopback ports in a test app's data dir
 * (the local profile's layout), for tests where the panel's API must reach real mail servers.
 * `ports` is filled in place, so a `mailClient(ports)` made before sees the chosen ports.
 */
export async function startMailNode(
  dataDir: string,
  ports: { smtp: number; imap: number; lmtp: number },
): Promise<Supervisor> {
  // Dovecot delivers as the mail account: it must walk into the data dir.
  await chmod(dataDir, 0o711);
  for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort();
  const layout = localMailLayout(dataDir);
  const services = join(dataDir, 'services');
  const supervisor = createSupervisor({
    services: [
      // Sieve's replies go out through this Postfix (submission_host).
      dovecotService(layout, ports, join(services, 'dovecot')),
      postfixService(layout, { ...ports, milter: '' }, join(services, 'postfix')),
    ],
    dir: services,
    log: () => {},
    backoffMs: 200,
    healthTimeoutMs: 30_000,
  });
  await supervisor.start();
  return supervisor;
}

export interface FilteredMailNode {
  supervisor: Supervisor;
  rspamd: RspamdService;
  /** ms until every service but rspamd ran, and until rspamd answered. */
  timings: { others: number; rspamd: number };
}

/**
 * The node's own mail wiring (local-node.ts `mailServices`): Dovecot, the lean rspamd as
 * Postfix's milter, Postfix, on free loopback ports in the test app's data dir; waits until
 * rspamd answers. `host` is the `MailFilterHost` the test app got (filled in here once known),
 * so the mail area writes rspamd's rules and learns through it as in main.ts.
 */
export async function startFilteredMailNode(
  dataDir: string,
  ports: { smtp: number; imap: number; lmtp: number },
  host: MailFilterHost,
): Promise<FilteredMailNode> {
  await chmod(dataDir, 0o711);
  for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort();
  const services = servicesDir(dataDir);
  const settings = loadServiceSettings('local', {
    HAVEN_SMTP_PORT: String(ports.smtp),
    HAVEN_IMAP_PORT: String(ports.imap),
    HAVEN_LMTP_PORT: String(ports.lmtp),
    // rspamd's milter, scan worker and controller, in a row.
    HAVEN_RSPAMD_PORT: String(await freePorts(3)),
  });
  const mail = mailServices(dataDir, settings, services);
  if (!mail.rspamd) throw new Error('no rspamd in the node');
  host.layout = mail.rspamd.layout;
  host.controllerUrl = mail.rspamd.controllerUrl;
  const supervisor = createSupervisor({ services: mail.services, dir: services, log: () => {} });
  const reload = reloadWhenRunning(supervisor, 'rspamd');
  host.reload = reload;
  const began = Date.now();
  await supervisor.start();
  const others = Date.now() - began;
  const state = (name: string) => supervisor.statuses().find((s) => s.name === name)?.state;
  await until(
    'rspamd running',
    async () => (state('rspamd') === 'running' ? true : undefined),
    150_000,
  );
  return { supervisor, rspamd: mail.rspamd, timings: { others, rspamd: Date.now() - began } };
}
