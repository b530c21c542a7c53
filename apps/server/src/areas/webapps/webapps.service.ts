import type { webapps } from '@haven/contract';
import type { Clock } from '../../lib/clock.ts';
import type { JobRunner } from '../../model/jobs.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import { LOCAL_NODE } from '../../model/node-ports.ts';
import type { SubdomainSites } from '../../model/subdomain-sites.ts';
import {
  INSTALL_JOB,
  runInstall,
  undo,
  type InstallDeps,
  type InstallSecrets,
} from './install-job.ts';
import { RECIPES, recipeByKey, type Recipe } from './recipes.ts';
import { checkInstall, siteHost } from './install-check.ts';
import { conflict, fail, notFound } from './webapps.errors.ts';
import type { WebappRow } from './webapps.store.ts';

export interface WebappsDeps extends InstallDeps {
  sites: SubdomainSites;
  runner: JobRunner;
  clock: Clock;
  log: Logger;
  homeOf(domain: string): string;
  domainById(id: number): Promise<DomainRef | undefined>;
  /** The state of a job (the jobs area's records); undefined when there is no such job. */
  jobState(id: string): Promise<string | undefined>;
}

interface Payload {
  webappId: number;
}

const urlOf = (row: WebappRow, domain: string) =>
  `${row.protocol}://${siteHost(row.subdomain, domain)}/${row.directory ? `${row.directory}/` : ''}`;

/**
 * One-click web apps: the rules (checked before anything is made), the install as a background
 * job, and delete. Passwords stay in memory until the job has used them.
 */
export function createWebappsService(deps: WebappsDeps) {
  const { store } = deps;
  const secrets = new Map<number, InstallSecrets>();

  async function targetOf(domain: DomainRef, row: WebappRow) {
    const recipe = recipeByKey(row.package_key);
    const site = (await deps.sites.list(domain.id)).find((s) => s.name === row.subdomain);
    if (!recipe || !site) throw notFound();
    const rel = row.directory ? `${site.docroot}/${row.directory}` : site.docroot;
    return {
      domain,
      row,
      recipe,
      home: deps.homeOf(domain.name),
      rel,
      url: urlOf(row, domain.name),
    };
  }

  deps.runner.register<Payload, { id: number }>(INSTALL_JOB, {
    resumable: false,
    run: async (ctx) => {
      const id = ctx.payload.webappId;
      const domain = ctx.domainId === null ? undefined : await deps.domainById(ctx.domainId);
      const row = domain && (await store.byId(domain.id, id));
      const secret = secrets.get(id);
      secrets.delete(id);
      if (!domain || !row) throw notFound();
      try {
        if (!secret) throw fail('install_failed', 'internal');
        await runInstall(deps, await targetOf(domain, row), secret, ctx);
        await store.update(id, { state: 'ready' });
        return { id };
      } catch (error) {
        // Nothing of a failed install stays; the job keeps the reason for the screen.
        await store.remove(id);
        throw error;
      }
    },
  });

  const toWebapp = (row: WebappRow, domain: string, recipe: Recipe | undefined): webapps.Webapp => {
    const url = urlOf(row, domain);
    return {
      id: row.id,
      package: row.package_key,
      name: recipe?.group ?? row.name,
      version: row.version,
      subdomain: row.subdomain,
      directory: row.directory,
      url,
      admin_url: `${url}${row.admin_path}/`,
      state: row.state,
      job: row.job_id,
      error: row.error,
      created_at: new Date(row.created_at).toISOString(),
    };
  };

  return {
    packages: (): webapps.WebappPackageGroup[] => {
      const groups = new Map<string, webapps.WebappPackageGroup>();
      for (const r of RECIPES) {
        const g = groups.get(r.group) ?? { name: r.group, versions: [] };
        g.versions.push({ key: r.key, name: r.name });
        groups.set(r.group, g);
      }
      return [...groups.values()];
    },

    list: async (domain: DomainRef) =>
      (await store.list(domain.id)).map((r) =>
        toWebapp(r, domain.name, recipeByKey(r.package_key)),
      ),

    async install(domain: DomainRef, body: webapps.InstallValues) {
      const c = await checkInstall(deps, domain, body);
      const id = await store.insert({
        domain_id: domain.id,
        package_key: c.recipe.key,
        name: c.recipe.name,
        version: c.recipe.version,
        subdomain: c.subdomain,
        directory: c.directory,
        protocol: c.protocol,
        admin_path: c.adminPath,
        state: 'installing',
        job_id: null,
        error: null,
        placed: null,
        database_name: null,
        created_at: deps.clock.now(),
      });
      if (id === undefined) throw conflict('directory_not_empty');
      secrets.set(id, c.secrets);
      const job = await deps.runner.enqueue<Payload>(INSTALL_JOB, domain.id, { webappId: id });
      await store.update(id, { job_id: job });
      const row = await store.byId(domain.id, id);
      if (!row) throw notFound();
      return { webapp: toWebapp(row, domain.name, c.recipe), job };
    },

    /** Files, then the database, then the row: a failed step leaves the app listed. */
    async remove(domain: DomainRef, id: number): Promise<void> {
      const row = await store.byId(domain.id, id);
      if (!row) throw notFound();
      if (row.state === 'installing') throw conflict('install_running');
      const t = await targetOf(domain, row);
      const placed = row.placed
        ? (JSON.parse(row.placed) as { names: string[]; createdFolder: boolean })
        : undefined;
      await undo(deps, t, placed, row.database_name, { log: deps.log });
      await store.remove(row.id);
    },

    /**
     * At start, before the job runner: an install whose job was running when the panel stopped
     * (the runner then fails it as `interrupted`), or that never got a job, is undone like a
     * failed one: what its row recorded (placed files, database) is removed, then the row. A
     * queued job is left to run: it fails without its in-memory secrets and removes its row. When
     * removing fails, the row stays as `failed`, so the customer's delete can try again. Staging
     * copies (never recorded on a row) are all dropped: no install runs yet.
     */
    async recoverInterrupted(): Promise<void> {
      // The panel's own node only: another node's copies are its agent's to drop when it starts.
      const staged = await deps.files(LOCAL_NODE).discardAllStaged();
      if (staged > 0) deps.log.warn({ staged }, 'staging copies of interrupted installs dropped');
      for (const row of await store.installing()) {
        const state = row.job_id ? await deps.jobState(row.job_id) : undefined;
        if (state === 'queued' || state === 'done') continue;
        const log = deps.log.child({ webapp: row.id, job: row.job_id });
        await store.update(row.id, { state: 'failed', error: 'interrupted' });
        try {
          const domain = await deps.domainById(row.domain_id);
          if (domain) {
            const placed = row.placed
              ? (JSON.parse(row.placed) as { names: string[]; createdFolder: boolean })
              : undefined;
            await undo(deps, await targetOf(domain, row), placed, row.database_name, { log });
          }
          await store.remove(row.id);
          log.warn('interrupted web app install undone');
        } catch (error) {
          log.error({ err: error }, 'undoing an interrupted web app install failed');
        }
      }
    },

    /** Webhosting asks before a subdomain is deleted. */
    linkCount: (domainId: number, subdomain: string) => store.countOnSubdomain(domainId, subdomain),
  };
}
export type WebappsService = ReturnType<typeof createWebappsService>;
