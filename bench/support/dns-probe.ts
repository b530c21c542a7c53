// A DNS client of one node for the nodes bench: asks its PowerDNS for a name's A record over UDP,
// as a visitor's resolver would, without spawning dig for each look (a click is polled every few
// ms) and without a resolver's cache.
import { createSocket } from 'node:dgram';

export interface DnsProbe {
  /** The name's first A record, or null (no such name, no answer within `timeoutMs`). */
  a(name: string, timeoutMs?: number): Promise<string | null>;
  close(): void;
}

function query(id: number, name: string): Buffer {
  const labels = name.split('.').filter(Boolean);
  const qname = Buffer.concat([
    ...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')])),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(1, 4); // one question, no recursion asked of an authoritative server
  return Buffer.concat([header, qname, Buffer.from([0, 1, 0, 1])]);
}

/** Skips a (possibly compressed) name; answers the offset after it. */
function skipName(msg: Buffer, at: number): number {
  for (;;) {
    const len = msg[at] ?? 0;
    if ((len & 0xc0) === 0xc0) return at + 2;
    if (len === 0) return at + 1;
    at += len + 1;
  }
}

function firstA(msg: Buffer): string | null {
  if ((msg.readUInt16BE(2) & 0x0f) !== 0) return null;
  const answers = msg.readUInt16BE(6);
  let at = skipName(msg, 12) + 4;
  for (let i = 0; i < answers; i++) {
    at = skipName(msg, at);
    const type = msg.readUInt16BE(at);
    const length = msg.readUInt16BE(at + 8);
    if (type === 1 && length === 4) return [...msg.subarray(at + 10, at + 14)].join('.');
    at += 10 + length;
  }
  return null;
}

export async function dnsProbe(address: string, port: number): Promise<DnsProbe> {
  const socket = createSocket('udp4');
  const waiting = new Map<number, (answer: string | null) => void>();
  let next = 1;
  socket.on('message', (msg) => {
    if (msg.length < 12) return;
    waiting.get(msg.readUInt16BE(0))?.(firstA(msg));
  });
  await new Promise<void>((resolve) => socket.bind(0, resolve));
  return {
    a(name, timeoutMs = 1000) {
      const id = next;
      next = (next % 65_535) + 1;
      return new Promise((resolve) => {
        const timer = setTimeout(() => done(null), timeoutMs);
        const done = (answer: string | null) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(answer);
        };
        waiting.set(id, done);
        socket.send(query(id, name), port, address);
      });
    },
    close: () => socket.close(),
  };
}
