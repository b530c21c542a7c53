import { mkdir, readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isDomainName } from '@haven/contract';
import { run } from '../../lib/process.ts';
import { htpasswdLine } from './escape.ts';
import { createApplyBatches, type Plan } from './apply-batch.ts';
import type { FileChange } from './file-changes.ts';
import { phpPlan } from './fpm-apply.ts';
import { checkPhpConfigs } from './fpm-check.ts';
import { renderPool } from './fpm-render.ts';
import { ensureLogFiles, groupId } from './site-log-files.ts';
import type { WebServerLayout } from './layout.ts';
import {
  FASTCGI_PARAMS,
  htpasswdPath,
  renderDebianInclude,
  renderLocalMain,
  renderSite,
} from './nginx-render.ts';
import { renderForward } from './forward-render.ts';
import { findPhpVersions, PHP_FPM_DIRS } from './php-versions.ts';
import { available, check, runningPid } from './processes.ts';
import {
  ConfigRejectedError,
  type DomainSite,
  type SiteChange,
  type SiteFile,
  type WebServer,
} from './web-server.port.ts';

export interface NginxWebServerOptions {
  layout: WebServerLayout;
  log: (message: string) => void;
  /** Where to look for php-fpm binaries (tests may narrow it). */
  phpDirs?: readonly string[];
}

/**
 * nginx + PHP-FPM, driven through their config files: local profile under the data dir
 * (checked with `nginx -t` against a generated nginx.conf when nginx exists, reloaded when a
 * test or the operator runs it), debian profile under /etc (checked, then reloaded).
 */
export function createNginxWebServer(options: NginxWebServerOptions): WebServer {
  const { layout, log } = options;
  const local = layout.profile === 'local';

  const phpVersions = () => findPhpVersions(options.phpDirs ?? PHP_FPM_DIRS);
  const confFile = (dir: string, domain: string) => {
    // The name becomes a file name: only a validated domain may reach it.
    if (!isDomainName(domain)) throw new Error(`not a domain name: ${domain}`);
    return join(dir, `${domain}.conf`);
  };
  const siteFile = (domain: string) => confFile(layout.sitesDir, domain);

  /** Folders, and the files every site relies on (checked and undone with the batch's changes). */
  async function shared(): Promise<FileChange[]> {
    // First, so a parent made here lets nginx's workers through; htpasswd's files are 0640
    // root:web (below). The rest is read by nginx's master only (root).
    for (const dir of [layout.htpasswdDir, layout.socketDir])
      await mkdir(dir, { recursive: true, mode: 0o755 });
    for (const dir of [layout.sitesDir, layout.forwardsDir, layout.panelSitesDir])
      await mkdir(dir, { recursive: true, mode: 0o700 });
    if (local) {
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
        await mkdir(join(layout.nginx.prefix ?? '/', 'tmp', t), { recursive: true, mode: 0o755 });
      }
    }
    for (const v of await phpVersions()) {
      await mkdir(layout.php.poolDir(v.version), { recursive: true, mode: 0o700 });
      const masters = layout.php.masterDir(v.version);
      if (masters) await mkdir(masters, { recursive: true, mode: 0o700 });
    }
    return [
      { path: layout.fastcgiParams, content: FASTCGI_PARAMS },
      {
        path: layout.nginx.mainConf,
        content: local ? renderLocalMain(layout) : renderDebianInclude(layout),
      },
    ];
  }

  async function checkNginx(): Promise<void> {
    if (!(await available('nginx', ['-v']))) {
      if (!local) throw new ConfigRejectedError('nginx', 'nginx is not installed');
      log('web-server: nginx not found; the config was written but not checked');
      return;
    }
    const problem = await check('nginx', layout.nginx.testArgs);
    if (problem) throw new ConfigRejectedError('nginx -t', problem);
  }

  async function reloadNginx(): Promise<void> {
    if (await runningPid(layout.nginx.pidFile)) {
      const res = await run('nginx', layout.nginx.reloadArgs, { timeoutMs: 30_000 });
      if (res.code !== 0) log(`web-server: nginx reload failed: ${res.stderr.trim()}`);
    } else if (!local) log('web-server: nginx is not running; the config applies when it starts');
  }

  const batches = createApplyBatches({
    shared,
    checkNginx,
    reloadNginx,
    checkPhp: checkPhpConfigs,
  });
  /** A change without PHP of its own (a forward): nginx's files only. */
  const nginxOnly = (changes: FileChange[]): Plan => ({
    changes,
    phpPaths: new Set(),
    phpChecks: () => [],
    applyPhp: async () => undefined,
  });

  /** The files that differed, in Haven's terms (`kinds`: what each path of the site is), once each. */
  const reported = (changes: FileChange[], kinds: Map<string, SiteFile>): SiteChange[] => {
    const out = new Map<string, SiteChange>();
    for (const c of changes) {
      const change = {
        ...(kinds.get(c.path) ?? { kind: 'shared', path: c.path }),
        removed: c.content === null,
      };
      out.set(JSON.stringify(change), change);
    }
    return [...out.values()];
  };

  let webGid: Promise<number> | undefined;
  /** Root-owned, group of the web account, when Haven runs as root; else Haven's own (null). */
  async function htpasswdOwner(): Promise<{ uid: number; gid: number } | null> {
    const runAs = layout.runAs;
    if (!runAs || process.getuid?.() !== 0) return null;
    webGid ??= groupId(runAs.group);
    return { uid: 0, gid: await webGid };
  }

  async function htpasswdChanges(
    site: DomainSite,
    kinds = new Map<string, SiteFile>(),
  ): Promise<FileChange[]> {
    const changes: FileChange[] = [];
    const keep = new Set<string>();
    const owner = await htpasswdOwner();
    for (const sub of site.subdomains) {
      for (const dir of sub.protectedDirs) {
        const path = htpasswdPath(layout, site.domain, dir.id);
        keep.add(path);
        const lines = dir.users.map((u) => `${htpasswdLine(u.name, u.hash)}\n`).join('');
        kinds.set(path, { kind: 'htpasswd', dirId: dir.id });
        // Password hashes: never world-readable; nginx workers read them by group.
        changes.push({ path, content: lines, mode: 0o640, ...(owner ? { owner } : {}) });
      }
    }
    const domainDir = join(layout.htpasswdDir, site.domain);
    for (const name of await readdir(domainDir).catch(() => [] as string[])) {
      const path = join(domainDir, name);
      if (/^[0-9]+$/.test(name) && !keep.has(path)) {
        kinds.set(path, { kind: 'htpasswd', dirId: Number(name) });
        changes.push({ path, content: null });
      }
    }
    return changes;
  }

  return {
    phpVersions,

    applySite: async (site, options) => {
      const used = new Set(
        site.subdomains.map((s) => s.php).filter((p): p is string => p !== null),
      );
      const kinds = new Map<string, SiteFile>();
      // Submitted at once (no await before): changes made together land in one batch.
      const changes = await batches.submit(async () => {
        const installed = await phpVersions();
        for (const php of used) {
          if (!installed.some((v) => v.value === php))
            throw new ConfigRejectedError('php', `${php} is not installed`);
        }
        const pools = new Map(
          installed
            .filter((v) => used.has(v.value))
            .map((v) => [v.value, renderPool(layout, site, v.value, v.version)]),
        );
        const php = phpPlan(layout, installed, site.domainId, pools, log, options?.reload);
        // A domain's master config is part of its pool, as reconcile tells it.
        for (const [path, value] of php.versionOf)
          kinds.set(path, { kind: 'php-pool', php: value });
        const files = [...php.changes, ...(await htpasswdChanges(site, kinds))];
        kinds.set(siteFile(site.domain), { kind: 'server-blocks' });
        files.push({ path: siteFile(site.domain), content: renderSite(layout, site) });
        // Before nginx opens them: as it would make them (root's), reconcile would fix them.
        await ensureLogFiles(site);
        return { ...php, changes: files, force: options?.reload };
      });
      return reported(changes, kinds);
    },

    removeSite: async (domainId, domain) => {
      await batches.submit(async () => {
        const php = phpPlan(layout, await phpVersions(), domainId, new Map(), log);
        const files = [
          ...php.changes,
          ...(await htpasswdChanges({ domainId, domain, home: '/', owner: null, subdomains: [] })),
          { path: siteFile(domain), content: null },
        ];
        return { ...php, changes: files };
      });
      await rmdir(join(layout.htpasswdDir, domain)).catch(() => undefined);
    },

    applyForward: async (domain, forward) => {
      const path = confFile(layout.forwardsDir, domain);
      const content = forward ? renderForward(layout, forward) : null;
      return (await batches.submit(async () => nginxOnly([{ path, content }]))).length > 0;
    },

    async reopenLogs() {
      const pid = await runningPid(layout.nginx.pidFile);
      // USR1 is nginx's reopen (what `nginx -s reopen` sends), answered by the master alone.
      if (pid) process.kill(pid, 'SIGUSR1');
      return pid !== null;
    },
  };
}
