import type { LogsService } from './logs.service.ts';

/** What the logs area offers other areas, on purpose; areas/registry.ts passes it on. */
export interface LogsExports {
  /** A subdomain was deleted: its log files go (webhosting's `subdomainRemoved`). */
  subdomainRemoved: (domain: { id: number; name: string }, name: string) => Promise<void>;
}

export function logsExports(svc: LogsService): LogsExports {
  return {
    subdomainRemoved: async (domain, name) => {
      await svc.siteRemoved(domain, name);
    },
  };
}
