import type { AdapterBinding } from './adapter-table.ts';
import { bindAdapter } from './adapter-table.ts';
import type { NodeAdapter, PortsOf } from './node-adapter.ts';
import type { NodeHost } from './node-host.ts';
import type { AsyncPort, PortSpec } from '../platform/node-bus/port-spec.ts';
import type { NodePorts } from '../model/node-ports.ts';
import { sharedAdapters } from './adapters/shared.ts';
import { webhostingAdapters } from './adapters/webhosting.ts';
import { dnsAdapters } from './adapters/dns.ts';
import { sslAdapters } from './adapters/ssl.ts';
import { databasesAdapters } from './adapters/databases.ts';
import { webappsAdapters } from './adapters/webapps.ts';
import { mailAdapters } from './adapters/mail.ts';
import { mailListsAdapters } from './adapters/mail-lists.ts';
import { cronAdapters } from './adapters/cron.ts';
import { logsAdapters } from './adapters/logs.ts';
import { statisticsAdapters } from './adapters/statistics.ts';

/**
 * Every adapter a node runs, by the area that drives it (`shared`: ports several areas use).
 * The panel's process builds them for its `local` node; `haven agent` for its own.
 */
export async function createNodeAdapters(host: NodeHost) {
  return {
    shared: await sharedAdapters(host),
    webhosting: await webhostingAdapters(host),
    dns: await dnsAdapters(host),
    ssl: await sslAdapters(host),
    databases: await databasesAdapters(host),
    webapps: await webappsAdapters(host),
    mail: await mailAdapters(host),
    mailLists: await mailListsAdapters(host),
    cron: await cronAdapters(host),
    logs: await logsAdapters(host),
    statistics: await statisticsAdapters(host),
  };
}
export type NodeAdapters = Awaited<ReturnType<typeof createNodeAdapters>>;
/** The ports of every group, on any node, as the areas get them (areas/registry.ts). */
export type NodePortsByArea = { [G in keyof NodeAdapters]: PortsOf<NodeAdapters[G]> };

type LooseAdapter = NodeAdapter<Record<string, (...args: never[]) => Promise<unknown>>>;
const groupsOf = (adapters: NodeAdapters) =>
  Object.entries(adapters as unknown as Record<string, Record<string, LooseAdapter>>);

/** The agent's bindings (adapter-table.ts) of every adapter. */
export function bindingsOf(adapters: NodeAdapters): AdapterBinding[] {
  return groupsOf(adapters).flatMap(([, group]) =>
    Object.values(group).map(({ spec, adapter }) => bindAdapter(spec, adapter)),
  );
}

/** Binds each adapter into the panel's nodes (local-nodes.ts `port`): the areas' ports. */
export function bindNodePorts(
  nodes: { port<T extends AsyncPort<T>>(spec: PortSpec<T>, adapter: T): NodePorts<T> },
  adapters: NodeAdapters,
): NodePortsByArea {
  const bound = groupsOf(adapters).map(([name, group]): [string, unknown] => [
    name,
    Object.fromEntries(
      Object.entries(group).map(([key, { spec, adapter }]) => [key, nodes.port(spec, adapter)]),
    ),
  ]);
  // Each group keeps its keys; each NodeAdapter<T> became NodePorts<T> (PortsOf).
  return Object.fromEntries(bound) as unknown as NodePortsByArea;
}
