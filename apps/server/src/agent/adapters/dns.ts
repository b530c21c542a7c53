import { join } from 'node:path';
import type { NodeHost } from '../node-host.ts';
import { nodeAdapter } from '../node-adapter.ts';
import type { DnsServer } from '../../platform/dns/dns.port.ts';
import { createBindFilesDns } from '../../platform/dns/dns.bind-files.ts';
import { createPowerDnsServer } from '../../platform/dns/dns.powerdns.ts';
import { dnsRemote } from '../../platform/dns/dns.remote.ts';

/** PowerDNS when its API is configured, otherwise BIND zone files under the data dir. */
function dnsServerFor(host: NodeHost): DnsServer {
  const { pdnsApiUrl, pdnsApiKey } = host.config.dns;
  // dns.settings.ts refuses a URL without its key at start.
  if (pdnsApiUrl && pdnsApiKey)
    return createPowerDnsServer({ url: pdnsApiUrl, apiKey: pdnsApiKey });
  return createBindFilesDns(join(host.config.dataDir, 'dns', 'zones'));
}

/** The dns adapters of a node, each with its port's spec (node-adapter.ts). */
export async function dnsAdapters(host: NodeHost) {
  return Promise.resolve({ server: nodeAdapter(dnsRemote, dnsServerFor(host)) });
}
