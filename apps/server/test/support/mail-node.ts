import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../free-port.ts';
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
