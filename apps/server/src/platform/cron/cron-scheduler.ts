/**
 * The supervised scheduler of the local profile (platform/supervisor/cron.service.ts):
 *   cron-scheduler <crontabs dir>
 * Runs in the foreground; SIGHUP reads the crontabs again, SIGTERM stops.
 */
import { createScheduler } from './scheduler.ts';

const [dir, heartbeat] = process.argv.slice(2);
if (dir && process.argv[1] && /cron-scheduler\.(ts|mjs)$/.test(process.argv[1])) {
  const scheduler = createScheduler({
    dir,
    ...(heartbeat ? { heartbeat } : {}),
    log: (l) => process.stdout.write(`${l}\n`),
  });
  void scheduler.start();
  process.on('SIGHUP', () => void scheduler.reload());
  process.on('SIGTERM', () => {
    scheduler.stop();
    process.exit(0);
  });
}
