import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { cronEntry } from '../cron/runner-path.ts';
import type { SupervisedService } from './service.ts';

/**
 * The local profile's cron daemon: Haven's scheduler (platform/cron/scheduler.ts, croner) reads
 * the crontab files the cron area writes to `<data dir>/cron/crontabs` and starts the runner at
 * the planned times. It looks at the folder every 5 seconds and touches a heartbeat file then.
 */
export function cronService(dataDir: string, dir: string): SupervisedService {
  const crontabs = join(dataDir, 'cron', 'crontabs');
  const heartbeat = join(dir, 'heartbeat');
  return {
    name: 'cron',
    address: crontabs,
    reloadSignal: 'SIGHUP',
    missing: async () => null,
    async prepare() {
      await mkdir(crontabs, { recursive: true, mode: 0o700 });
      await mkdir(dir, { recursive: true });
    },
    command: () => ({
      cmd: process.execPath,
      args: [cronEntry('cron-scheduler'), crontabs, heartbeat],
    }),
    async healthy() {
      const st = await stat(heartbeat).catch(() => null);
      return st !== null && Date.now() - st.mtimeMs < 30_000;
    },
  };
}
