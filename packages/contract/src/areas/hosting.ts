import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { domainParams } from './account.ts';

/**
 * Where this installation serves what a customer made (issue #16): the web address of a
 * subdomain, the FTP host and port, where the zone answers, and whether each service runs.
 */
export const SERVICE_STATES = [
  /** Supervised by Haven and answering (or coming up). */
  'running',
  /** Supervised, but it keeps failing; Haven restarts it. */
  'failing',
  /** Haven's node does not run it now (the panel is stopping, or the node is not up). */
  'stopped',
  /** Not installed on this server: configured but not served. */
  'not-installed',
  /** The local profile with HAVEN_SERVICES=off: Haven starts no services. */
  'off',
  /** The debian profile: the operating system runs the service. */
  'system',
] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

const service = z.object({
  state: z.enum(SERVICE_STATES),
  /** The Debian package that brings it, when `not-installed`. */
  package: z.string().nullable(),
});

export const hostingAccessView = z.object({
  web: service.extend({
    /** A subdomain's address with `{subdomain}` in place of its name: `http://{subdomain}.example.nl/`. */
    subdomainUrl: z.string(),
  }),
  ftp: service.extend({ host: z.string(), port: z.number().int() }),
  dns: service.extend({
    /** The local node's DNS server (`dig @host -p port`), or null when the name servers serve it. */
    server: z.object({ host: z.string(), port: z.number().int() }).nullable(),
    /** The provider's name servers (debian profile). */
    nameservers: z.array(z.string()),
  }),
});
export type HostingAccessView = z.infer<typeof hostingAccessView>;

export const hostingAccess = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/hosting/access',
  access: 'domain',
  userTypes: ['HOSTING', 'DOMAIN'],
  tag: 'hosting',
  summary: 'Where the domain is served on this installation, and whether the services run',
  params: domainParams,
  response: hostingAccessView,
  errors: [],
});

/** A subdomain's web address from the view's pattern. */
export const subdomainAddress = (pattern: string, subdomain: string) =>
  pattern.replace('{subdomain}', subdomain);

/**
 * The domain's changes on its hosting server (docs/nodes.md): a change is saved at once and
 * applied by the server; while it is down the change waits, and a failed one can be tried again.
 */
export const hostingChangesView = z.object({
  /** Saved, not yet applied on the hosting server. */
  pending: z.number().int().min(0),
  /** Whether the hosting server answers. */
  serverUp: z.boolean(),
  /** Changes the server could not apply (newest first); a later change to the same thing replaces one. */
  failed: z.array(
    z.object({
      id: z.string(),
      /** What it was about: `webServer`, `dns`, `ftp`, `database`, `mail`... (the screen words it). */
      kind: z.string(),
      at: z.number().int(),
    }),
  ),
});
export type HostingChangesView = z.infer<typeof hostingChangesView>;

export const hostingChanges = defineEndpoint({
  method: 'GET',
  path: '/api/{domain}/hosting/changes',
  access: 'domain',
  userTypes: ['HOSTING', 'DOMAIN'],
  tag: 'hosting',
  summary: "The domain's changes waiting for, or failed on, its hosting server",
  params: domainParams,
  response: hostingChangesView,
  errors: [],
});

export const retryHostingChange = defineEndpoint({
  method: 'POST',
  path: '/api/{domain}/hosting/changes/{id}/retry',
  access: 'domain',
  userTypes: ['HOSTING', 'DOMAIN'],
  tag: 'hosting',
  summary: 'Try a failed change on the hosting server again',
  params: domainParams.extend({ id: z.uuid() }),
  response: hostingChangesView,
  errors: ['not_found'],
});
