import type { NatsLoginOptions } from '../platform/node-bus/nats-connect.ts';

/**
 * TLS for a NATS login: a private CA's file when there is one; `tls://` servers without one
 * use the system's CAs. Without either the client still upgrades when the server requires TLS.
 */
export function natsTls(
  servers: readonly string[],
  caFile: string | undefined,
): NatsLoginOptions['tls'] {
  if (caFile) return { caFile };
  return servers.some((s) => s.startsWith('tls://')) ? {} : undefined;
}

/** The panel's login from its settings (config.ts, NATS_*). */
export function panelNatsLogin(nats: {
  servers: string[];
  user: string;
  password: string;
  caFile: string | undefined;
}): NatsLoginOptions {
  return {
    servers: nats.servers,
    user: nats.user,
    pass: nats.password,
    tls: natsTls(nats.servers, nats.caFile),
  };
}
