import { ensureBayesDatabases } from '../mail-filter/rspamd-bayes-db.ts';
import { ensureRspamdConfig } from '../mail-filter/rspamd-files.ts';
import {
  rspamdArgs,
  rspamdLayout,
  type RspamdLayout,
  type RspamdProfile,
} from '../mail-filter/rspamd-layout.ts';
import type { RspamdPorts } from '../mail-filter/rspamd-render.ts';
import { findBinary } from './binaries.ts';
import { answers } from './health.ts';
import type { SupervisedService } from './service.ts';

export interface RspamdService extends SupervisedService {
  layout: RspamdLayout;
  ports: RspamdPorts;
  /** `inet:127.0.0.1:<port>` for Postfix's `smtpd_milters` / `non_smtpd_milters`. */
  milter: string;
  normalUrl: string;
  controllerUrl: string;
}

/**
 * rspamd on loopback ports with its config and databases under `dir`
 * (`<data dir>/services/rspamd`): Debian's rules and modules, Haven's workers, DKIM signing and
 * per-mailbox settings. `redis` (`host:port`) enables Bayes learning; without it rspamd runs
 * without statistics. As root it runs with `-i` as root (it reads Haven's 0600 DKIM keys).
 */
export function rspamdService(
  dir: string,
  ports: RspamdPorts,
  options: { redis?: string | null; profile?: RspamdProfile } = {},
): RspamdService {
  let binary = 'rspamd';
  const layout = rspamdLayout(dir);
  const profile = options.profile ?? 'full';
  const controllerUrl = `http://127.0.0.1:${ports.controller}`;
  const root = process.getuid?.() === 0;
  return {
    name: 'rspamd',
    address: `127.0.0.1:${ports.milter}`,
    reloadSignal: 'SIGHUP',
    layout,
    ports,
    milter: `inet:127.0.0.1:${ports.milter}`,
    normalUrl: `http://127.0.0.1:${ports.normal}`,
    controllerUrl,
    async missing() {
      const found = await findBinary('rspamd');
      if (found) binary = found;
      return found && (await findBinary('rspamadm')) ? null : 'rspamd';
    },
    async prepare() {
      await ensureRspamdConfig(layout, profile, ports, options.redis ?? null);
      if (!options.redis) await ensureBayesDatabases(layout.dbDir);
    },
    command: () => ({
      cmd: binary,
      args: [
        '-f',
        ...(root ? ['-i', '-u', 'root', '-g', 'root'] : []),
        ...rspamdArgs(layout, profile),
      ],
    }),
    healthy: () => answers(`${controllerUrl}/ping`),
    // Postfix passes mail unfiltered meanwhile (milter_default_action = accept). The lean
    // profile's first start compiles the TLD list (15-20 s on a busy machine), the full one more.
    slowStart: { healthTimeoutMs: profile === 'full' ? 300_000 : 120_000 },
  };
}
