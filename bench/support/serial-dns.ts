// PowerDNS's gsqlite3 backend refuses API writes that overlap ("database is locked", HTTP 500):
// an apply reads the zone, then writes in a transaction that cannot upgrade while another writes.
// The agent applies up to 32 objects side by side, so the bench runs one write at a time per
// server, which the adapter does not do yet (BENCH_PDNS_SERIAL=0 leaves it out).
import type { DnsServer } from '../../apps/server/src/platform/dns/dns.port.ts';

export function oneWriteAtATime(dns: DnsServer): DnsServer {
  if (process.env.BENCH_PDNS_SERIAL === '0') return dns;
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(write: () => Promise<T>): Promise<T> => {
    const mine = last.then(write, write);
    last = mine.catch(() => undefined);
    return mine;
  };
  return {
    applyZone: (zone) => inTurn(() => dns.applyZone(zone)),
    removeZone: (name) => inTurn(() => dns.removeZone(name)),
    diffZone: (zone) => dns.diffZone(zone),
  };
}
