import type { NodeName } from '../platform/node-bus/node-bus.port.ts';

/** The node that runs beside the panel on one machine, and every domain's node until placed. */
export const LOCAL_NODE: NodeName = 'local';

/**
 * A platform port on each node: `ports(domain.node).applyZone(...)`. On the panel each call
 * travels through the outbox to that node's agent (docs/nodes.md); in a unit test it is a fake.
 */
export type NodePorts<T> = (node: NodeName) => T;
