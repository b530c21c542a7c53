import { join } from 'node:path';
import type { Plan } from './apply-batch.ts';
import type { FileChange } from './file-changes.ts';
import {
  ensureMaster,
  masterFiles,
  phpRunning,
  removeMaster,
  renderMaster,
} from './fpm-masters.ts';
import type { WebServerLayout } from './layout.ts';
import type { PhpCheck } from './fpm-check.ts';
import { runningPid } from './processes.ts';
import type { InstalledPhp } from './web-server.port.ts';

export const poolFile = (layout: WebServerLayout, v: InstalledPhp, domainId: number) =>
  join(layout.php.poolDir(v.version), `haven-d${domainId}.conf`);

/**
 * The PHP part of a domain's change: its pool per version (null: that version unused) and, in
 * the local profile, the domain's own master. Checks and reloads only what belongs to it.
 */
export function phpPlan(
  layout: WebServerLayout,
  installed: InstalledPhp[],
  domainId: number,
  pools: ReadonlyMap<string, string>,
  log: (message: string) => void,
  force = false,
): Pick<Plan, 'phpChecks' | 'applyPhp' | 'phpPaths'> & {
  changes: FileChange[];
  /** Each file of the plan, by the PHP version (`php82`) it belongs to. */
  versionOf: Map<string, string>;
} {
  const parts = installed.map((v) => {
    const dir = layout.php.masterDir(v.version);
    const pool = pools.get(v.value) ?? null;
    const path = poolFile(layout, v, domainId);
    const files = dir ? masterFiles(dir, domainId) : null;
    const changes: FileChange[] = [{ path, content: pool }];
    if (dir && files)
      changes.push({ path: files.conf, content: pool && renderMaster(dir, domainId, path) });
    return { v, dir, pool, files, changes };
  });
  const changed = (effective: FileChange[], p: (typeof parts)[number]) =>
    effective.some((e) => p.changes.some((c) => c.path === e.path));

  return {
    changes: parts.flatMap((p) => p.changes),
    phpPaths: new Set(parts.flatMap((p) => p.changes.map((c) => c.path))),
    versionOf: new Map(parts.flatMap((p) => p.changes.map((c) => [c.path, p.v.value] as const))),

    phpChecks(effective) {
      return parts.flatMap((p): PhpCheck[] => {
        if (!p.pool || !changed(effective, p)) return [];
        // Its own pool (with its batch's); the distribution's master reads every pool.
        if (p.dir)
          return [{ binary: p.v.binary, pool: poolFile(layout, p.v, domainId), dir: p.dir }];
        return [{ binary: p.v.binary, conf: layout.php.mainConf(p.v.version) }];
      });
    },

    async applyPhp(effective) {
      for (const p of parts) {
        const differs = changed(effective, p) || force;
        if (!p.dir || !p.files) {
          if (!differs) continue;
          const pid = await runningPid(layout.php.pidFile(p.v.version));
          if (pid) process.kill(pid, 'SIGUSR2');
          else if (layout.profile !== 'local')
            log(
              `web-server: php-fpm ${p.v.version} is not running; its pools apply when it starts`,
            );
          continue;
        }
        if (!p.pool) {
          if (differs || (await runningPid(p.files.pid))) await removeMaster(p.dir, domainId);
          continue;
        }
        const running = (await runningPid(p.files.pid)) !== null;
        // Not running: started when the node runs this PHP (the supervisor starts the rest).
        if (running ? !differs : !(await phpRunning(layout, p.v.version))) continue;
        const problem = await ensureMaster(p.v, p.files);
        if (problem) log(`web-server: php-fpm of domain ${domainId} did not start: ${problem}`);
      }
    },
  };
}
