import { randomBytes } from 'node:crypto';
import { cron } from '@haven/contract';
import type { Clock } from '../../lib/clock.ts';
import type { FtpAccounts } from '../../model/ftp-accounts.ts';
import type { Logger } from '../../model/logger.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { NodePorts } from '../../model/node-ports.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import type { CronDomain, CronJobPlan, CronTable } from '../../platform/cron/cron.port.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';
import { judgeInput } from './cron-input.ts';
import { jobPlan } from './cron-plan.ts';
import { runOfRecord } from './cron-record.ts';
import { jobView, runView } from './cron-view.ts';
import { fail, notFound } from './cron.errors.ts';
import type { CronStore } from './cron.store.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

const { CRON_LIMITS } = cron;

export interface CronDeps {
  store: CronStore;
  /** The domain's FTP accounts (webhosting's): a job runs in one's folder. */
  ftpAccounts: FtpAccounts;
  /** The cron table of each node: a domain's calls go to `table(domain.node)`. */
  table: NodePorts<CronTable>;
  /** The domain's account on its node (the crontab's user). */
  webspace: NodePorts<Pick<NodeWebspace, 'ensureOwner'>>;
  /** The home of a domain: every node lays homes out the same way (core.webspace). */
  homeOf(domain: string): string;
  clock: Clock;
  logger: Logger;
}

const RUN_NOW_TIMEOUT_MS = 60_000;

/** Cron jobs of premium domains: rules, ownership, and the crontab kept in step with SQL. */
export function createCronService(deps: CronDeps) {
  const { store, table } = deps;

  /** The domain with its account, as install and remove need it (the crontab's user). */
  async function cronDomain(domain: DomainRef): Promise<CronDomain> {
    const owner = await deps
      .webspace(domain.node)
      .ensureOwner({ id: domain.id, name: domain.name });
    return { id: domain.id, name: domain.name, home: deps.homeOf(domain.name), owner };
  }

  /** The spool and a run now need only the domain's folder: no call to make its account. */
  const spoolOf = (domain: DomainRef): CronDomain => ({
    id: domain.id,
    name: domain.name,
    home: deps.homeOf(domain.name),
    owner: null,
  });

  function premium(domain: DomainRef): void {
    if (!domain.premium) throw fail('not_premium', 'forbidden');
  }

  async function webuser(domain: DomainRef, name: string) {
    const user = (await deps.ftpAccounts.list(domain.id)).find((u) => u.name === name);
    if (!user) throw notFound('unknown_ftp_user');
    return user;
  }

  async function phpBinaries(domain: DomainRef): Promise<Map<string, string>> {
    return new Map((await table(domain.node).phpApps()).map((a) => [a.value, a.binary]));
  }

  /** Renders and installs the domain's crontab from SQL; answers whether it changed. */
  async function apply(domain: DomainRef): Promise<{ changed: boolean; skipped: string[] }> {
    const [rows, users, php] = await Promise.all([
      store.jobs(domain.id),
      deps.ftpAccounts.list(domain.id),
      phpBinaries(domain),
    ]);
    const folders = new Map(users.map((u) => [u.id, u.home]));
    const plans: CronJobPlan[] = [];
    const skipped: string[] = [];
    const home = deps.homeOf(domain.name);
    for (const row of rows) {
      const p = jobPlan(home, row, folders.get(row.webuser_id) ?? '', php);
      if (p) plans.push(p);
      else skipped.push(row.name);
    }
    const changed = await table(domain.node).install(
      await cronDomain(domain),
      domain.premium ? plans : [],
    );
    return { changed, skipped };
  }

  /**
   * Changes SQL, installs the crontab; when that fails, SQL is put back and the old crontab stays.
   * A crontab pending on a node that is down stays saved: the node installs it when it is back.
   * A node that does not answer (its PHP versions) refuses the change as node_unavailable.
   */
  async function changing(
    domain: DomainRef,
    change: () => Promise<unknown>,
    undo: () => Promise<unknown>,
  ) {
    await change();
    try {
      await apply(domain);
    } catch (error) {
      if (error instanceof ChangePendingError) return;
      await undo();
      if (error instanceof NodeUnavailableError) throw error;
      deps.logger.error({ err: error, domain: domain.name }, 'cron: installing the crontab failed');
      throw fail('unavailable', 'unavailable', undefined, { cause: error });
    }
  }

  /**
   * Takes the run records the runner left in the domain's spool into SQL, then has the node
   * forget them: a record read twice (an answer lost) is stored once. Answers false when the
   * node did not answer (the history shows what SQL holds).
   */
  async function ingest(domain: DomainRef): Promise<boolean> {
    const node = table(domain.node);
    const spool = spoolOf(domain);
    let spooled;
    try {
      spooled = await node.spooled(spool);
    } catch (error) {
      if (error instanceof NodeUnavailableError) return false;
      deps.logger.warn({ err: error, domain: domain.name }, 'cron: reading run records failed');
      return true;
    }
    if (spooled.length === 0) return true;
    const jobs = new Map((await store.jobs(domain.id)).map((j) => [j.hash, j.id]));
    for (const { record } of spooled) {
      const run = runOfRecord(record, jobs);
      if (run && !(await store.hasRun(run))) await store.addRun(run, CRON_LIMITS.runsKept);
    }
    await node.forget(
      spool,
      spooled.map((s) => s.file),
    );
    return true;
  }

  async function job(domain: DomainRef, userName: string, hash: string) {
    premium(domain);
    const user = await webuser(domain, userName);
    const row = await store.byHash(domain.id, hash);
    if (!row || row.webuser_id !== user.id) throw notFound();
    return { user, row };
  }

  async function view(domain: DomainRef, user: { name: string; home: string }, hash: string) {
    const row = await store.byHash(domain.id, hash);
    if (!row) throw notFound();
    const last = (await store.runs(row.id, 1))[0];
    return jobView(row, user, last);
  }

  async function save(domain: DomainRef, userName: string, body: cron.CronjobBody, hash?: string) {
    premium(domain);
    const user = await webuser(domain, userName);
    const input = judgeInput(body, [...(await phpBinaries(domain)).keys()]);
    const before = hash ? (await job(domain, userName, hash)).row : undefined;
    if (await store.nameTaken(domain.id, input.name, before?.id))
      throw fail('name_in_use', 'conflict');
    const now = deps.clock.now();
    try {
      if (before) {
        await changing(
          domain,
          () => store.update(before.id, { ...input, updated_at: now }),
          () => store.update(before.id, before),
        );
        return view(domain, user, before.hash);
      }
      if ((await store.count(domain.id)) >= CRON_LIMITS.jobsPerDomain)
        throw fail('max_jobs', 'conflict');
      const newHash = randomBytes(8).toString('hex');
      let id = 0;
      await changing(
        domain,
        async () => {
          id = (
            await store.insert({
              ...input,
              domain_id: domain.id,
              webuser_id: user.id,
              hash: newHash,
              paused: 0,
              created_at: now,
              updated_at: now,
            })
          ).id;
        },
        () => store.remove(id),
      );
      return view(domain, user, newHash);
    } catch (error) {
      if (isUniqueViolation(error)) throw fail('name_in_use', 'conflict');
      throw error;
    }
  }

  async function setPaused(domain: DomainRef, userName: string, hash: string, paused: boolean) {
    const { user, row } = await job(domain, userName, hash);
    await changing(
      domain,
      () => store.update(row.id, { paused: paused ? 1 : 0 }),
      () => store.update(row.id, { paused: row.paused }),
    );
    return view(domain, user, hash);
  }

  return {
    apply,
    ingest,
    async overview(domain: DomainRef): Promise<cron.CronOverview> {
      const apps = (await table(domain.node).phpApps()).map(({ value, text }) => ({
        value,
        text,
      }));
      return {
        premium: domain.premium,
        users: domain.premium ? (await deps.ftpAccounts.list(domain.id)).map((u) => u.name) : [],
        apps: [...apps, { value: 'command', text: 'command' }],
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
    },
    async list(domain: DomainRef, userName: string) {
      premium(domain);
      const user = await webuser(domain, userName);
      await ingest(domain);
      const rows = (await store.jobs(domain.id)).filter((j) => j.webuser_id === user.id);
      const last = await store.lastRuns(rows.map((r) => r.id));
      return { jobs: rows.map((r) => jobView(r, user, last.get(r.id))) };
    },
    async detail(domain: DomainRef, userName: string, hash: string) {
      const { user, row } = await job(domain, userName, hash);
      await ingest(domain);
      const runs = await store.runs(row.id, CRON_LIMITS.runsKept);
      return { job: jobView(row, user, runs[0]), runs: runs.map(runView) };
    },
    create: (domain: DomainRef, user: string, body: cron.CronjobBody) => save(domain, user, body),
    update: (domain: DomainRef, user: string, hash: string, body: cron.CronjobBody) =>
      save(domain, user, body, hash),
    pause: (domain: DomainRef, user: string, hash: string) => setPaused(domain, user, hash, true),
    resume: (domain: DomainRef, user: string, hash: string) => setPaused(domain, user, hash, false),
    async remove(domain: DomainRef, userName: string, hash: string) {
      const { row } = await job(domain, userName, hash);
      await changing(
        domain,
        () => store.remove(row.id),
        () => store.restore(row),
      );
    },
    async runNow(domain: DomainRef, userName: string, hash: string): Promise<cron.CronRun> {
      const { row } = await job(domain, userName, hash);
      await apply(domain).catch((error: unknown) => {
        if (error instanceof NodeUnavailableError || error instanceof ChangePendingError)
          throw error;
        throw fail('unavailable', 'unavailable', undefined, { cause: error });
      });
      const started = deps.clock.now();
      await table(domain.node)
        .runNow(spoolOf(domain), hash, RUN_NOW_TIMEOUT_MS)
        .catch((error: unknown) => {
          if (error instanceof NodeUnavailableError) throw error;
          throw fail('unavailable', 'unavailable', undefined, { cause: error });
        });
      await ingest(domain);
      const run = (await store.runs(row.id, 1))[0];
      if (!run || Number(run.started_at) < started - 1000) throw fail('unavailable', 'unavailable');
      return runView(run);
    },
  };
}
export type CronService = ReturnType<typeof createCronService>;
