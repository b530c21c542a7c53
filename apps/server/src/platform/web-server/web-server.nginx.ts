import { mkdir, readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isDomainName } from '@haven/contract';
import { run } from '../../lib/process.ts';
import { htpasswdLine } from './escape.ts';
import { applyChanges, effectiveChanges, type FileChange } from './file-changes.ts';
import { renderLocalFpmMain, renderPool } from './fpm-render.ts';
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
  type InstalledPhp,
  type SiteChange,
  type SiteFile,
  type WebServer,
} from './web-server.port.ts';

/** A group's id by name (getent: local files, LDAP, whatever NSS knows). */
async function groupId(name: string): Promise<number> {
  const res = await run('getent', ['group', name], { timeoutMs: 5000 });
  const gid = Number(res.stdout.split(':')[2]);
  if (res.code !== 0 || !Number.isInteger(gid)) throw new Error(`no such group: ${name}`);
  return gid;
}

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
  let queue: Promise<unknown> = Promise.resolve();
  // One change at a time: two requests must not interleave their write-check-undo steps.
  const serialize = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  const phpVersions = () => findPhpVersions(options.phpDirs ?? PHP_FPM_DIRS);
  const confFile = (dir: string, domain: string) => {
    // The name becomes a file name: only a validated domain may reach it.
    if (!isDomainName(domain)) throw new Error(`not a domain name: ${domain}`);
    return join(dir, `${domain}.conf`);
  };
  const siteFile = (domain: string) => confFile(layout.sitesDir, domain);
  const poolFile = (v: InstalledPhp, domainId: number) =>
    join(layout.php.poolDir(v.version), `haven-d${domainId}.conf`);

  /** Folders, and the files every site relies on (checked and undone with the site's own changes). */
  async function prepare(installed: InstalledPhp[]): Promise<FileChange[]> {
    // First, so a parent made here lets nginx's workers through; htpasswd's files are 0640
    // root:web (below). The rest is read by nginx's master only (root).
    for (const dir of [layout.htpasswdDir, layout.socketDir])
      await mkdir(dir, { recursive: true, mode: 0o755 });
    for (const dir of [layout.sitesDir, layout.forwardsDir, layout.panelSitesDir])
      await mkdir(dir, { recursive: true, mode: 0o700 });
    const changes: FileChange[] = [
      { path: layout.fastcgiParams, content: FASTCGI_PARAMS },
      {
        path: layout.nginx.mainConf,
        content: local ? renderLocalMain(layout) : renderDebianInclude(layout),
      },
    ];
    if (local) {
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
        await mkdir(join(layout.nginx.prefix ?? '/', 'tmp', t), { recursive: true, mode: 0o755 });
      }
      for (const v of installed)
        changes.push({
          path: layout.php.mainConf(v.version),
          content: renderLocalFpmMain(layout, v.version),
        });
    }
    for (const v of installed)
      await mkdir(layout.php.poolDir(v.version), { recursive: true, mode: 0o700 });
    return changes;
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

  async function checkPhp(v: InstalledPhp): Promise<void> {
    // php-fpm refuses a config without any pool; nothing of Haven's to judge then.
    const pools = (await readdir(layout.php.poolDir(v.version)).catch(() => [])).filter((f) =>
      f.endsWith('.conf'),
    );
    if (pools.length === 0) return;
    const problem = await check(v.binary, ['-t', '-y', layout.php.mainConf(v.version)]);
    if (problem) throw new ConfigRejectedError(`${v.binary} -t`, problem);
  }

  async function reload(versions: InstalledPhp[]): Promise<void> {
    for (const v of versions) {
      const pid = await runningPid(layout.php.pidFile(v.version));
      if (pid) process.kill(pid, 'SIGUSR2');
      else if (!local)
        log(`web-server: php-fpm ${v.version} is not running; its pools apply when it starts`);
    }
    if (await runningPid(layout.nginx.pidFile)) {
      const res = await run('nginx', layout.nginx.reloadArgs, { timeoutMs: 30_000 });
      if (res.code !== 0) log(`web-server: nginx reload failed: ${res.stderr.trim()}`);
    } else if (!local) log('web-server: nginx is not running; the config applies when it starts');
  }

  /**
   * Writes, checks (PHP pools, then nginx), undoes everything on a refusal, else reloads.
   * Answers the changes that differed from the files on disk.
   */
  async function commit(
    changes: FileChange[],
    installed: InstalledPhp[],
    force = false,
  ): Promise<FileChange[]> {
    const effective = await effectiveChanges([...(await prepare(installed)), ...changes]);
    if (effective.length === 0) {
      if (force) await reload(installed);
      return [];
    }
    const undo = await applyChanges(effective);
    const touched = installed.filter((v) =>
      effective.some((c) => c.path.startsWith(`${layout.php.poolDir(v.version)}/`)),
    );
    try {
      for (const v of touched) await checkPhp(v);
      await checkNginx();
    } catch (error) {
      await undo();
      throw error;
    }
    await reload(touched);
    return effective;
  }

  /** The files that differed, in Haven's terms (`kinds`: what each path of the site is). */
  const reported = (changes: FileChange[], kinds: Map<string, SiteFile>): SiteChange[] =>
    changes.map((c) => ({
      ...(kinds.get(c.path) ?? { kind: 'shared', path: c.path }),
      removed: c.content === null,
    }));

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

    applySite: (site, options) =>
      serialize(async () => {
        const installed = await phpVersions();
        const used = new Set(
          site.subdomains.map((s) => s.php).filter((p): p is string => p !== null),
        );
        for (const php of used) {
          if (!installed.some((v) => v.value === php))
            throw new ConfigRejectedError('php', `${php} is not installed`);
        }
        const kinds = new Map<string, SiteFile>();
        const changes: FileChange[] = installed.map((v) => {
          kinds.set(poolFile(v, site.domainId), { kind: 'php-pool', php: v.value });
          return {
            path: poolFile(v, site.domainId),
            content: used.has(v.value) ? renderPool(layout, site, v.value, v.version) : null,
          };
        });
        changes.push(...(await htpasswdChanges(site, kinds)));
        kinds.set(siteFile(site.domain), { kind: 'server-blocks' });
        changes.push({ path: siteFile(site.domain), content: renderSite(layout, site) });
        return reported(await commit(changes, installed, options?.reload), kinds);
      }),

    removeSite: (domainId, domain) =>
      serialize(async () => {
        const installed = await phpVersions();
        const changes: FileChange[] = installed.map((v) => ({
          path: poolFile(v, domainId),
          content: null,
        }));
        changes.push(
          ...(await htpasswdChanges({ domainId, domain, home: '/', owner: null, subdomains: [] })),
        );
        changes.push({ path: siteFile(domain), content: null });
        await commit(changes, installed);
        await rmdir(join(layout.htpasswdDir, domain)).catch(() => undefined);
      }),

    applyForward: (domain, forward) =>
      serialize(async () => {
        const path = confFile(layout.forwardsDir, domain);
        const content = forward ? renderForward(layout, forward) : null;
        return (await commit([{ path, content }], await phpVersions())).length > 0;
      }),

    async reopenLogs() {
      const pid = await runningPid(layout.nginx.pidFile);
      // USR1 is nginx's reopen (what `nginx -s reopen` sends), answered by the master alone.
      if (pid) process.kill(pid, 'SIGUSR1');
      return pid !== null;
    },
  };
}
