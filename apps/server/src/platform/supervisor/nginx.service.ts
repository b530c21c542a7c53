import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { WebServerLayout } from '../web-server/layout.ts';
import { renderLocalMain } from '../web-server/nginx-render.ts';
import { check } from '../web-server/processes.ts';
import { findBinary } from './binaries.ts';
import { accepts } from './health.ts';
import type { SupervisedService } from './service.ts';

/**
 * nginx on the config the web-server adapter generates (`<data dir>/web/nginx/nginx.conf`, its
 * pid file there too, so the adapter's `nginx -s reload` reaches this process). The supervisor
 * writes that same main config itself at each start (before the first site exists, too).
 */
/** A server block Haven serves for itself (the webmail): its file in `panelSitesDir`, or null: none. */
export interface PanelSite {
  file: string;
  content(): Promise<string | null>;
}

export function nginxService(
  layout: WebServerLayout,
  port: number,
  dir: string,
  panelSites: readonly PanelSite[] = [],
): SupervisedService {
  let binary = 'nginx';
  const { mainConf, prefix } = layout.nginx;
  const base = ['-c', mainConf, '-p', prefix ?? '/'];
  return {
    name: 'nginx',
    // The HTTPS listen too (docs/ssl.md): the banner shows both.
    address: [`127.0.0.1:${port}`, ...layout.tlsListen.map((l) => `https ${l}`)].join(', '),
    reloadSignal: 'SIGHUP',
    async missing() {
      const found = await findBinary('nginx');
      if (found) binary = found;
      return found ? null : 'nginx';
    },
    async prepare() {
      // Read by nginx's master (root) only; the workers reach htpasswd (files 0640 root:web) and
      // the sockets (platform/data-dir gives web/ and web/run the web account's group).
      for (const d of [layout.sitesDir, layout.panelSitesDir, layout.certDir])
        await mkdir(d, { recursive: true, mode: 0o700 });
      await mkdir(layout.htpasswdDir, { recursive: true, mode: 0o755 });
      await mkdir(layout.socketDir, { recursive: true, mode: 0o710 });
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
        await mkdir(join(prefix ?? '/', 'tmp', t), { recursive: true, mode: 0o755 });
      // Here, not in the services they belong to: those start beside nginx, not before it.
      for (const site of panelSites) {
        const content = await site.content();
        const path = join(layout.panelSitesDir, site.file);
        if (content === null) await rm(path, { force: true });
        else await writeFileAtomic(path, content);
      }
      // Always: the same render as the adapter's, so a config from an older Haven gets new includes.
      await writeFileAtomic(mainConf, renderLocalMain(layout));
      const problem = await check(binary, ['-t', '-q', ...base, '-e', join(dir, 'error.log')]);
      if (problem) throw new Error(`nginx -t: ${problem}`);
    },
    command: () => ({
      cmd: binary,
      args: [...base, '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    }),
    healthy: () => accepts(port),
  };
}
