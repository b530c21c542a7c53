import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortOnNode, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { createLocalTrafficLogs } from './traffic-logs.local.ts';
import { nodeTrafficLogs, trafficLogsRemote, type NodeTrafficLogs } from './traffic-logs.remote.ts';

const NOW = new Date('2026-11-26T23:00:00Z');
const DAY = '2026-11-26';
const D = 'klant1.test';
const stamp = '26/Nov/2026:10:00:00 +0000';
const access = (i: number, o: number) =>
  `127.0.0.1 - - [${stamp}] "GET / HTTP/1.1" 200 12 "-" "-" ${i} ${o}\n`;
const ftp = (verb: string, path: string, n: number) =>
  `127.0.0.1 - web1 [${stamp}] "${verb} ${path}" 200 ${n}\n`;
const pf = (id: string, rest: string, daemon: string) =>
  `Nov 26 22:42:20 mail postfix/${daemon}[19767]: ${id}: ${rest}\n`;
const queued = (id: string, from: string, size: number) =>
  pf(id, `from=<${from}>, size=${size}, nrcpt=1 (queue active)`, 'qmgr');
const sent = (id: string, to: string) =>
  pf(id, `to=<${to}>, relay=127.0.0.1[127.0.0.1]:41163, dsn=2.0.0, status=sent (250 ok)`, 'lmtp');

// The node's real traffic logs over files in a temp folder, read through the bus.
describe('trafficLogsRemote: the logs a node read from a cursor, Maps across the bus', () => {
  let node: PanelWithNodes & { port: NodeTrafficLogs };
  let dir: string;
  let home: string;
  let port: NodeTrafficLogs;
  const files = (root = dir) => ({
    ftp: join(root, 'ftp.log'),
    postfix: join(root, 'postfix.log'),
    dovecot: join(root, 'dovecot.log'),
  });

  beforeAll(async () => {
    const adapter = (root: string) =>
      nodeTrafficLogs(
        createLocalTrafficLogs(() => NOW.getTime()),
        files(root),
      );
    node = await startPortOnNode(trafficLogsRemote, adapter, { roles: ['web', 'mail'] });
    ({ dir, port } = node);
    home = join(dir, 'homes', D);
    await mkdir(join(home, 'logs'), { recursive: true });
  });

  afterAll(() => node.close());

  it('reads an access log and the FTP log from their cursors, days and homes as Maps', async () => {
    const file = join(home, 'logs', 'www.access.log');
    await writeFile(file, access(100, 1000));
    expect(await port.accessLogs(home)).toEqual(['www.access.log']);
    const first = await port.readAccess(file, null);
    expect(first.days).toEqual(new Map([[DAY, { in: 100, out: 1000 }]]));
    await appendFile(file, access(1, 10));
    const next = await port.readAccess(file, first.cursor);
    expect(next.days.get(DAY)).toEqual({ in: 1, out: 10 });

    await writeFile(files().ftp, ftp('PUT', `${home}/httpdocs/a.txt`, 300));
    const read = await port.readFtp([home], null);
    expect(read.homes).toEqual(new Map([[home, new Map([[DAY, { in: 300, out: 0 }]])]]));
    expect(read.cursor).toMatchObject({ offset: expect.any(Number) as number });
  });

  it('answers a read asked again from the same cursor the same (its answer was lost)', async () => {
    await writeFile(files().postfix, queued('A1', 'sender@elsewhere.test', 468));
    const sized = await port.readPostfix([D], null);
    expect(sized.domains.size).toBe(0);
    await appendFile(files().postfix, sent('A1', `anna@${D}`));
    const delivered = await port.readPostfix([D], sized.cursor);
    expect(delivered.domains.get(D)?.get(DAY)).toEqual({ in: 468, out: 0 });
    // The panel never stored it: the same cursor again is the same answer, not nothing.
    expect(await port.readPostfix([D], sized.cursor)).toEqual(delivered);
    // Stored: from the new cursor only what came since.
    expect((await port.readPostfix([D], delivered.cursor)).domains.size).toBe(0);
  });
});
