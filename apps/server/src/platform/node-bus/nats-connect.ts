import { setTimeout as delay } from 'node:timers/promises';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** Where and as whom a panel or an agent connects to NATS. */
export interface NatsLoginOptions {
  /** `nats://host:4222` (or `tls://`), one or several servers of a cluster. */
  servers: string | string[];
  user: string;
  pass: string;
  /** The connection's name in nats-server's monitoring (`haven-panel`, `haven-agent-web1`). */
  name?: string;
  /** TLS options for `tls://` servers (a private CA's file). */
  tls?: { caFile?: string };
}

/** How long to wait before the next first attempt when NATS could not be reached. */
const FIRST_CONNECT_RETRY_MS = 1_000;

/**
 * Connects and keeps reconnecting forever (a NATS restart or a network cut is waited out, not
 * fatal), also when the server is not up yet at start: each failed first attempt (down, a wrong
 * CA, a refused login) is handed to `onRetry`, so a misconfigured panel says why it waits.
 */
export async function connectNats(
  options: NatsLoginOptions,
  extra: { inboxPrefix?: string; onRetry?: (error: unknown) => void } = {},
): Promise<NatsConnection> {
  for (;;) {
    try {
      return await connect({
        servers: options.servers,
        user: options.user,
        pass: options.pass,
        name: options.name,
        tls: options.tls,
        inboxPrefix: extra.inboxPrefix,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
      });
    } catch (error) {
      extra.onRetry?.(error);
      await delay(FIRST_CONNECT_RETRY_MS);
    }
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const encodeJson = (value: unknown) => encoder.encode(JSON.stringify(value));
export const decodeJson = <T>(data: Uint8Array): T => JSON.parse(decoder.decode(data)) as T;

/**
 * Whether the client is connected now, and a wait that resolves at once while it is, else at
 * the next reconnect (or the close). A request sent while disconnected is lost on reconnect and
 * waits out its whole timeout, so loops wait here before they ask again.
 */
export function watchConnection(nc: NatsConnection): {
  connected(): boolean;
  reconnected(): Promise<void>;
} {
  let connected = true;
  const waiting: (() => void)[] = [];
  const release = () => waiting.splice(0).forEach((resolve) => resolve());
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') connected = false;
      if (status.type === 'reconnect') {
        connected = true;
        release();
      }
    }
    release();
  })();
  void nc.closed().then(release);
  return {
    connected: () => connected && !nc.isClosed(),
    reconnected: () =>
      connected || nc.isClosed() ? Promise.resolve() : new Promise((r) => waiting.push(r)),
  };
}
