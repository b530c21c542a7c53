import type { PortSpec } from '../node-bus/port-spec.ts';
import type { OperationError } from '../node-bus/node-bus.port.ts';
import type { DnsServer } from './dns.port.ts';
import { PowerDnsError } from './dns.powerdns.ts';
import { ZoneCheckError } from './dns.bind-files.ts';

const POWERDNS = /^PowerDNS API (\d+): ([\s\S]*)$/;
const ZONE_CHECK = 'named-checkzone refused the zone: ';

/** The adapter's own error again from the node's report; anything else keeps its message. */
function dnsFailure(error: OperationError): Error {
  const pdns = error.reason === 'powerdns_refused' ? POWERDNS.exec(error.message) : null;
  if (pdns) return new PowerDnsError(Number(pdns[1]), pdns[2] ?? '');
  if (error.reason === 'zone_refused' && error.message.startsWith(ZONE_CHECK))
    return new ZoneCheckError(error.message.slice(ZONE_CHECK.length));
  return new Error(error.message);
}

/**
 * The DNS server port across the bus. A zone is one object (`zone:<name>`): every apply carries
 * the whole zone and a removal its absence, so the newest supersedes the rest. The diff is a read
 * of what the node serves now.
 */
export const dnsRemote: PortSpec<DnsServer> = {
  name: 'dns',
  methods: {
    applyZone: { kind: 'change', object: (zone) => `zone:${zone.name}` },
    removeZone: { kind: 'change', object: (name) => `zone:${name}` },
    diffZone: { kind: 'read' },
  },
  failure: dnsFailure,
};
