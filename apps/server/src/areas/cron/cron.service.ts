import { randomBytes } from 'node:crypto';
import { cron } from '@haven/contract';
import type { DomainRef } from '../../model/principal.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';
import { judgeInput } from './cron-input.ts';
import { createCronIntake, spoolOf } from './cron-intake.ts';
import { createCronInstall } from './cron-install.ts';
import type { CronDeps } from './cron-deps.ts';
import { jobView, runView } from './cron-view.ts';
import { fail, notFound } from './cron.errors.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

const { CRON_LIMITS } = cron;

const RUN_NOW_TIMEOUT_MS = 60_000;

/** Cron jobs of premium domains: rules, ownership, and the crontab kept in step with SQL. */
export function createCronService(deps: CronDeps) {
  const { store, table } = deps;

  function premium(domain: DomainRef): void {
    if (!domain.premium) throw fail('not_premium', 'forbidden');
  }

  async function webuser(domain: DomainRef, name: string) {
    const user = (await deps.ftpAccounts.list(domain.id)).find((u) => u.name === name);
    if (!user) throw notFound('unknown_ftp_user');
    return user;
  }

  const { phpBinaries, apply, changing } = createCronInstall(deps);
  const { ingest } = createCronIntake(deps);

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
        .runNow(spoolOf(domain, deps.homeOf(domain.name)), hash, RUN_NOW_TIMEOUT_MS)
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
