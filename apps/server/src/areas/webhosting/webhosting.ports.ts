import { LOCAL_NODE, type NodePorts } from '../../model/node-ports.ts';
import type { DomainRef } from '../../model/principal.ts';
import type { NodeName } from '../../platform/node-bus/node-bus.port.ts';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';

/**
 * The platform ports the area drives, each on any node (agent/node-adapters.ts builds this
 * machine's; areas/registry.ts hands them over): a domain's are on its node.
 */
export interface WebhostingPorts {
  webhosting: { webServer: NodePorts<WebServer>; ftp: NodePorts<FtpServer> };
  shared: { webspace: NodePorts<NodeWebspace> };
}

/** A domain as the area's services act on it: by id and name, on its node. */
export type Domain = Pick<DomainRef, 'id' | 'name' | 'node'>;

/** What the webspace's account calls take of a domain (only that crosses to the node). */
export const keyOf = (domain: Domain) => ({ id: domain.id, name: domain.name });

/** A domain's row as the customers store answers it (its node null until placed). */
type DomainRow = { node: NodeName | null } | undefined;

/**
 * The node of a domain another area names without it (the DNS area's forward by name, the SSL
 * area's domain by id): the domain's own when given, else its row's; a domain without a row
 * any more is the local node's.
 */
export function createNodeOf(customers: {
  domainById(id: number): Promise<DomainRow>;
  domainByName(name: string): Promise<DomainRow>;
}) {
  return {
    async of(domain: { id: number; name: string; node?: unknown }): Promise<Domain> {
      const node =
        typeof domain.node === 'string'
          ? domain.node
          : ((await customers.domainById(domain.id))?.node ?? LOCAL_NODE);
      return { id: domain.id, name: domain.name, node };
    },
    byName: async (name: string): Promise<NodeName> =>
      (await customers.domainByName(name))?.node ?? LOCAL_NODE,
  };
}
export type NodeOf = ReturnType<typeof createNodeOf>;
