import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import type { WebServerLayout } from '../web-server/layout.ts';
import { renderLocalMain } from '../web-server/nginx-render.ts';
import { check } from '../web-server/processes.ts';
import { fileExists, findBinary } from './binaries.ts';
import { accepts } from './health.ts';
import type { SupervisedService } from './service.ts';

/**
 * nginx on the config the web-server adapter generates (`<data dir>/web/nginx/nginx.conf`, its
 * pid file there too, so the adapter's `nginx -s reload` reaches this process). Before the first
 * site exists the supervisor writes that same main config itself.
 */
export function nginxService(
  layout: WebServerLayout,
  port: number,
  dir: string,
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
      for (const d of [layout.sitesDir, layout.htpasswdDir, layout.socketDir, layout.certDir])
        await mkdir(d, { recursive: true, mode: 0o755 });
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
        await mkdir(join(prefix ?? '/', 'tmp', t), { recursive: true, mode: 0o755 });
      if (!(await fileExists(mainConf))) await writeFileAtomic(mainConf, renderLocalMain(layout));
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
