import type { Config } from './config.ts';
import { createCore, type CoreOptions } from './core.ts';
import { actingFor } from './lib/acting-domain.ts';
import { startPeriodic } from './lib/periodic.ts';
import { createAreas } from './areas/registry.ts';
import type { AreaTables } from './areas/tables.ts';
import { createOperatorStore } from './customers/operator.store.ts';
import { createOperatorService } from './customers/operator.service.ts';
import { toDomainRef } from './customers/customers.store.ts';
import { hostingAccessFor } from './hosting-node/hosting-access.ts';
import { bindNodePorts, createNodeAdapters } from './agent/node-adapters.ts';

export type ComposeOptions = CoreOptions;

/**
 * The composition root: config -> core (database, clock, mailer, customers) -> areas (the auth
 * and jobs areas first: every other one uses their guard and runner). The operator service runs
 * each area's domain hook when a domain is added.
 */
export async function compose(config: Config, options: ComposeOptions = {}) {
  // Where domains are served: main.ts passes the started node's; else the node's defaults (off).
  const hostingAccess = options.hostingAccess ?? hostingAccessFor(config);
  const core = await createCore(config, { ...options, hostingAccess, webspace: config.webhosting });
  // This machine is the `local` node: its adapters serve that node's work through the local
  // agent, and each area reaches any node's through these ports (docs/nodes.md).
  const ports = bindNodePorts(core.nodes, await createNodeAdapters({ ...core, config }));
  await core.nodes.ready();
  const { areas, auth, jobs, dns, helpdesk } = await createAreas(core, config, ports);
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
        await actingFor(row.id, () => area[hook]?.(toDomainRef(row)));
      } catch (error) {
        log.error({ err: error, area: area.name }, 'area hook failed');
        throw error;
      }
    }
  };
  const operator = createOperatorService({
    store: createOperatorStore(core.db),
    customers: core.customers,
    sessions: auth.sessions,
    clock: core.clock,
    onDomainCreated: async (id) => runHooks('onDomainCreated', await core.customers.domainById(id)),
  });
  let periodic: { stop(): Promise<void> } | undefined;
  return {
    ...core,
    /** The whole configuration, the areas' settings too: for main.ts, the CLI and the tests. */
    config,
    /** Every table: for the CLI and the tests; an area sees only the core's and its own. */
    db: core.db.withTables<AreaTables>(),
    areas,
    /** The auth area's guard (app.ts's binder) and the jobs area's runner and records. */
    auth,
    runner: jobs.runner,
    jobsStore: jobs.records,
    /** The operator CLI's tools: a domain's delegation, API keys and tickets. */
    operatorTools: { setNameservers: dns.setNameservers, helpdesk: helpdesk.operator },
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
      await jobs.runner.start();
    },
    async close() {
      await periodic?.stop();
      await jobs.runner.stop();
      for (const area of [...areas].reverse()) await area.stop?.();
      await core.nodes.stop();
      await core.database.close();
    },
  };
}
export type AppContext = Awaited<ReturnType<typeof compose>>;
