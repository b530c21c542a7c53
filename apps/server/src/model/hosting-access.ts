import type { hosting } from '@haven/contract';

/**
 * Where this installation serves a domain, and whether the services behind it run: the
 * composition root builds it (from the hosting node's settings and the supervisor's state file)
 * and hands it to the hosting area, so no area reads the supervisor itself.
 */
export interface HostingAccess {
  describe(domain: string): Promise<hosting.HostingAccessView>;
}
