import type { Profile } from '../lib/settings.ts';

/**
 * The core's settings (config.ts reads them with the areas'): what core.ts and every area may
 * read on the CoreContext. An area's own settings come to its module from areas/registry.ts.
 */
export interface CoreConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  profile: Profile;
  secret: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** The proxies whose X-Forwarded-For counts (lib/trusted-proxies.ts), or false. */
  trustProxy: false | string[];
  /**
   * A Unix socket the panel also listens on, for the reverse proxy alone: mode 0660, group
   * `group` (nginx's); X-Forwarded-For is believed from its peer (lib/trusted-proxies.ts).
   */
  proxySocket: { path: string; group: string | undefined } | undefined;
  /** Seed the demo customer on first start (default: on in the local profile). */
  seedDemo: boolean;
  webDist: string;
  /** How long a change waits for its node before the screen shows it pending (ms). */
  applyWaitMs: number;
  /** Remote hosting nodes over NATS (NATS_URL...); null: one machine, the in-process bus. */
  nats: NatsSettings | null;
}

/** The panel's NATS login and, when it writes nats-server's authorization, where (docs/nodes.md). */
export interface NatsSettings {
  servers: string[];
  /** What nodes connect to (NATS_NODE_URL), handed to each at enrolment. */
  nodeServers: string[];
  user: string;
  password: string;
  /** The CA of the servers' TLS certificates (also handed to nodes at enrolment). */
  caFile: string | undefined;
  /** The authorization include the panel writes at enrolment, and nats-server's pid file. */
  authFile: string | undefined;
  pidFile: string | undefined;
  /** Copies of each stream in a NATS cluster (NATS_REPLICAS: 3 for a three-server cluster). */
  replicas: number;
  /** Whether this instance runs the `local` node's agent (NATS_LOCAL_AGENT): one instance may. */
  localAgent: boolean;
}
