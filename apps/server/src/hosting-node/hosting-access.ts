import type { hosting } from '@haven/contract';
import type { Config } from '../config.ts';
import { loadDnsSettings } from '../areas/dns/dns.exports.ts';
import type { HostingAccess } from '../model/hosting-access.ts';
import type { ServiceStatus } from '../platform/supervisor/service.ts';
import { readState, stateFile, supervisorAlive } from '../platform/supervisor/state-file.ts';
import { loadServiceSettings, type ServiceSettings } from './settings.ts';

export interface HostingAccessOptions {
  profile: 'local' | 'debian';
  dataDir: string;
  /** The node's ports (the same settings `startLocalNode` runs the services with). */
  settings: ServiceSettings;
  /** The provider's name servers, for the debian profile's DNS answer. */
  nameservers: () => string[];
}

type Service = { state: hosting.ServiceState; package: string | null };
const system: Service = { state: 'system', package: null };

/** One service's state as the screens need it: running (or coming up), failing, stopped, not installed. */
function serviceOf(status: ServiceStatus | undefined, live: boolean, enabled: boolean): Service {
  if (!status || !live) return { state: enabled ? 'stopped' : 'off', package: null };
  if (status.state === 'not-installed') return { state: 'not-installed', package: status.package };
  if (status.state === 'starting') return { state: 'running', package: null };
  return { state: status.state, package: null };
}

/**
 * Reads the supervisor's state file on each call (small, and it follows restarts and the
 * node of another process on the same data dir, as `haven services` does).
 */
export function createHostingAccess(o: HostingAccessOptions): HostingAccess {
  return {
    async describe(domain) {
      if (o.profile === 'debian')
        return {
          web: { ...system, subdomainUrl: `http://{subdomain}.${domain}/` },
          ftp: { ...system, host: domain, port: 21 },
          dns: { ...system, server: null, nameservers: o.nameservers() },
        };
      const state = await readState(stateFile(o.dataDir));
      const live = state !== null && supervisorAlive(state);
      const of = (name: string) =>
        serviceOf(
          state?.services.find((s) => s.name === name),
          live,
          o.settings.enabled,
        );
      const { web, ftp, dns } = o.settings;
      return {
        web: {
          ...of('nginx'),
          subdomainUrl: `http://{subdomain}.${domain}.localhost:${web.port}/`,
        },
        ftp: { ...of('pure-ftpd'), host: '127.0.0.1', port: ftp.port },
        dns: { ...of('pdns'), server: { host: '127.0.0.1', port: dns.port }, nameservers: [] },
      };
    },
  };
}

/** The composition's access for a config: the node's settings when it runs, else its defaults (off). */
export function hostingAccessFor(config: Config, settings?: ServiceSettings): HostingAccess {
  return createHostingAccess({
    profile: config.profile,
    dataDir: config.dataDir,
    settings: settings ?? loadServiceSettings(config.profile, { HAVEN_SERVICES: 'off' }),
    nameservers: () => loadDnsSettings(config.dns, config.dataDir).nameservers,
  });
}
