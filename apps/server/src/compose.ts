import type { Config } from './config.ts';
import { createCore, type CoreOptions } from './core.ts';
import { startPeriodic } from './lib/periodic.ts';
import { createAreas } from './areas/registry.ts';
import type { AreaTables } from './areas/tables.ts';
import { createOperatorStore } from './customers/operator.store.ts';
import { createOperatorService } from './customers/operator.service.ts';
import { toDomainRef } from './customers/customers.store.ts';

export type ComposeOptions = CoreOptions;

/**
 * The composition root: config -> core (database, clock, mailer, auth, jobs) -> areas. The
 * operator service runs each area's domain hook when a domain is added.
 */
export async function compose(config: Config, options: ComposeOptions = {}) {
  const core = await createCore(config, options);
  const areas = await createAreas(core);
  /** Runs one area hook per area, each logged with the hook, the area and the domain. */
  const runHooks = async (
    hook: 'onDomainCreated' | 'seedDemo',
    row: Parameters<typeof toDomainRef>[0] | undefined,
  ) => {
    if (!row) return;
    const log = core.logger.child({ hook, domain: row.name });
    for (const area of areas) {
      if (!area[hook]) continue;
      log.debug({ area: area.name }, 'area hook');
      try {
        await area[hook](toDomainRef(row));
      } catch (error) {
        log.error({ err: error, area: area.name }, 'area hook failed');
        throw error;
      }
    }
  };
  const operator = createOperatorService({
    store: createOperatorStore(core.db),
    customers: core.customers,
    sessions: core.sessions,
    clock: core.clock,
    onDomainCreated: async (id) => runHooks('onDomainCreated', await core.customers.domainById(id)),
  });
  let periodic: { stop(): Promise<void> } | undefined;
  return {
    ...core,
    /** Every table: for the CLI and the tests; an area sees only the core's and its own. */
    db: core.db.withTables<AreaTables>(),
    areas,
    operator,
    /** Runs every area's demo seed for a domain. */
    seedDemo: async (domain: string) =>
      runHooks('seedDemo', await core.customers.domainByName(domain)),
    async start() {
      for (const area of areas) await area.start?.();
      periodic = startPeriodic(
        areas.flatMap((a) => (a.periodic ?? []).map((t) => ({ ...t, area: a.name }))),
        core.logger,
      );
      await core.runner.start();
    },
    async close() {
      await periodic?.stop();
      await core.runner.stop();
      for (const area of [...areas].reverse()) await area.stop?.();
      await core.database.close();
    },
  };
}
export type AppContext = Awaited<ReturnType<typeof compose>>;
