import type { DomainRef } from '../../model/principal.ts';
import type { CronDomain, CronJobPlan } from '../../platform/cron/cron.port.ts';
import { ChangePendingError } from '../../nodes/remote-port.ts';
import { NodeUnavailableError } from '../../platform/node-bus/node-bus.port.ts';
import { jobPlan } from './cron-plan.ts';
import { fail } from './cron.errors.ts';
import type { CronDeps } from './cron-deps.ts';

/** The domain's crontab on its node, rendered from SQL; SQL put back when it cannot be installed. */
export function createCronInstall(deps: CronDeps) {
  const { store, table } = deps;

  /** The domain with its account, as install and remove need it (the crontab's user). */
  async function cronDomain(domain: DomainRef): Promise<CronDomain> {
    const owner = await deps
      .webspace(domain.node)
      .ensureOwner({ id: domain.id, name: domain.name });
    return { id: domain.id, name: domain.name, home: deps.homeOf(domain.name), owner };
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

  return { phpBinaries, apply, changing };
}
