import { connect } from 'node:net';

/** Whether something accepts a connection on 127.0.0.1:port, or on a unix socket path. */
export function accepts(target: number | string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket =
      typeof target === 'number'
        ? connect({ host: '127.0.0.1', port: target })
        : connect({ path: target });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether an HTTP GET answers 2xx. */
export async function answers(url: string, headers: Record<string, string> = {}): Promise<boolean> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
