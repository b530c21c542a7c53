import type { OperationError } from '../node-bus/node-bus.port.ts';
import type { PortSpec } from '../node-bus/port-spec.ts';
import { SiteLogError, type SiteLogs } from './site-logs.port.ts';

/** A refusal or a missing log keeps its reason across the bus; anything else its message. */
function siteLogFailure(error: OperationError): Error {
  if (error.reason === 'not_found' || error.reason === 'refused')
    return new SiteLogError(error.reason, error.message);
  return Object.assign(new Error(error.message), { reason: error.reason });
}

/**
 * The site logs port across the bus. Reads (list, stat, page, filter) ask the node; a filter is
 * plain JSON (text, status, client: no RegExp crosses, the node builds its matcher). A rotation
 * of a home is one object (`logs:<home>`, a newer one supersedes a queued one), a deleted site's
 * logs another (`logs:<home>/<site>`). Both answer the names they touched, so pending throws.
 *
 * `open` answers a stream, which cannot cross the bus: it is `local`, run on the panel with
 * `open` (this machine's adapter), so it serves the `local` node's logs only. A download from
 * another node waits for the streamed transfer (issue #42); the logs area refuses it until then.
 */
export function siteLogsRemote(open: SiteLogs['open']): PortSpec<SiteLogs> {
  return {
    name: 'site-logs',
    methods: {
      list: { kind: 'read' },
      stat: { kind: 'read' },
      page: { kind: 'read' },
      filter: { kind: 'read', timeoutMs: 30_000 },
      open: { kind: 'local', run: open },
      rotate: { kind: 'change', object: (home) => `logs:${home}`, whenPending: 'throw' },
      removeSite: {
        kind: 'change',
        object: (home, site) => `logs:${home}/${site}`,
        whenPending: 'throw',
      },
    },
    failure: siteLogFailure,
  };
}
