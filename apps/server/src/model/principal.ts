import type { NodeName } from '../platform/node-bus/node-bus.port.ts';
import type { UserType } from '@haven/contract';

/** Who is calling: a live session of a login identity. */
export interface Principal {
  sessionId: string;
  identityId: number;
  customerId: number;
  /** The domain the identity logs in with. */
  homeDomainId: number;
  username: string;
  type: UserType;
}

/** A domain the principal may act on, resolved from the `{domain}` path parameter. */
export interface DomainRef {
  id: number;
  name: string;
  customerId: number;
  status: number;
  package: 'DOMAIN' | 'HOSTING';
  instap: boolean;
  premium: boolean;
  active: boolean;
  mailActive: boolean;
  maxDatabases: number;
  diskQuotaMb: number;
  /** The hosting node that serves the domain's sites, mail, zone and databases. */
  node: NodeName;
}

/** How the HTTP layer checks access; implemented by the auth service (built in core.ts). */
export interface Guard {
  /** Throws an `unauthorized` AppError when the token is not a live session. */
  authenticate(token: string): Promise<Principal>;
  /** Throws a `not_found` AppError when the principal may not act on the domain. */
  resolveDomain(principal: Principal, domain: string): Promise<DomainRef>;
}
