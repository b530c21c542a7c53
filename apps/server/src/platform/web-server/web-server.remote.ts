import type { OperationError } from '../node-bus/node-bus.port.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';
import { ConfigRejectedError, type WebServer } from './web-server.port.ts';

/** How ConfigRejectedError words its message: `<checker> rejected the generated config: <output>`. */
const REJECTED = ' rejected the generated config: ';

/**
 * A checker's refusal comes back as ConfigRejectedError (its checker and output, as far as the
 * message carries them); anything else keeps its reason.
 */
function failure(e: OperationError): Error {
  const at = e.message.indexOf(REJECTED);
  if (at > 0)
    return new ConfigRejectedError(e.message.slice(0, at), e.message.slice(at + REJECTED.length));
  return Object.assign(new Error(e.message), { reason: e.reason });
}

/**
 * The web server across the bus. A site is one object (`site:<domainId>`): each apply carries
 * the whole site, so the newest supersedes the rest and a removal supersedes them all. A
 * forward is its own object by domain name; reopening the logs is one object per node. Their
 * answers matter (what differed), so a pending one throws.
 */
export const webServerRemote: PortSpec<WebServer> = {
  name: 'webServer',
  methods: {
    phpVersions: { kind: 'read' },
    applySite: { kind: 'change', object: (site) => `site:${site.domainId}`, whenPending: 'throw' },
    removeSite: { kind: 'change', object: (domainId) => `site:${domainId}` },
    applyForward: {
      kind: 'change',
      object: (domain) => `web-forward:${domain}`,
      whenPending: 'throw',
    },
    reopenLogs: { kind: 'change', object: () => 'web-logs', whenPending: 'throw' },
  },
  failure,
};
