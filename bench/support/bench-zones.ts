// The zones the nodes bench changes: a small whole zone per domain whose `www` A record carries a
// number unique to each change, so a client can tell when that very change is served.
import type { Zone } from '../../apps/server/src/platform/dns/dns.port.ts';

let serial = 1;
/** A number no earlier change used (the zone's serial and its `www` address). */
export const nextSerial = () => serial++;

export const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export const domainOf = (node: number, domain: number) => `d${domain}.n${node}.bench.test`;

export function benchZone(name: string, n: number): Zone {
  return {
    name,
    serial: n,
    ttl: 60,
    records: [
      {
        name: '',
        type: 'SOA',
        ttl: 60,
        content: `ns1.bench.test. hostmaster.bench.test. ${n} 3600 600 604800 60`,
      },
      { name: '', type: 'NS', ttl: 60, content: 'ns1.bench.test.' },
      { name: '', type: 'A', ttl: 60, content: '192.0.2.1' },
      { name: 'www', type: 'A', ttl: 60, content: addressOf(n) },
    ],
  };
}

/** Runs `work` over `items`, `limit` at a time. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Async cleanups run in reverse order once, on success, failure or a signal. */
export function createCleanup() {
  const steps: [string, () => Promise<unknown>][] = [];
  let ran: Promise<void> | null = null;
  return {
    add(name: string, step: () => Promise<unknown>) {
      steps.push([name, step]);
    },
    run(): Promise<void> {
      ran ??= (async () => {
        for (const [name, step] of steps.reverse()) {
          await Promise.race([step(), sleep(20_000)]).catch((error: unknown) =>
            console.error(`cleanup ${name}: ${String(error)}`),
          );
        }
      })();
      return ran;
    },
  };
}
export type Cleanup = ReturnType<typeof createCleanup>;
