import type { AsyncPort, PortSpec } from '../platform/node-bus/port-spec.ts';
import type { NodePorts } from '../model/node-ports.ts';

/** One real adapter of a node (pure-ftpd, PowerDNS...) with the spec its port crosses the bus by. */
export interface NodeAdapter<T extends AsyncPort<T>> {
  spec: PortSpec<T>;
  adapter: T;
}

export const nodeAdapter = <T extends AsyncPort<T>>(
  spec: PortSpec<T>,
  adapter: T,
): NodeAdapter<T> => ({ spec, adapter });

/** A group of a node's adapters as the panel's areas drive them: each one on any node. */
export type PortsOf<A> = {
  [K in keyof A]: A[K] extends NodeAdapter<infer T> ? NodePorts<T> : never;
};
