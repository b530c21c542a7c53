import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortOnNode, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { createLocalSiteLogs } from './site-logs.local.ts';
import { SiteLogError, type SiteLogs } from './site-logs.port.ts';
import { siteLogsRemote } from './site-logs.remote.ts';

const access = (client: string, status: number) =>
  `${client} - - [29/Nov/2026:12:00:00 +0000] "GET / HTTP/1.1" ${status} 10 "-" "-"`;

// The node's real site logs over a home in a temp folder.
describe('siteLogsRemote: the logs of a home read and rotated on a node', () => {
  let node: PanelWithNodes & { port: SiteLogs };
  let dir: string;
  let home: string;
  let port: SiteLogs;

  beforeAll(async () => {
    const logs = createLocalSiteLogs({ lineMaxBytes: 1000 });
    node = await startPortOnNode(siteLogsRemote(logs.open.bind(logs)), logs);
    ({ dir, port } = node);
    home = join(dir, 'home');
    await mkdir(join(home, 'logs'), { recursive: true });
    const lines = [access('10.0.0.1', 200), access('10.0.0.2', 404), access('10.0.0.1', 500)];
    await writeFile(join(home, 'logs', 'www.access.log'), `${lines.join('\n')}\n`);
    await writeFile(join(home, 'logs', 'blog.error.log'), 'oops, client: 10.0.0.9\n');
    await writeFile(join(dir, 'secret'), 'secret\n');
    await symlink(join(dir, 'secret'), join(home, 'logs', 'evil.access.log'));
  });

  afterAll(() => node.close());

  it('lists, pages and filters through the node', async () => {
    const names = (await port.list(home)).map((e) => e.name).sort();
    expect(names).toEqual(['blog.error.log', 'www.access.log']);
    expect((await port.stat(home, 'www.access.log')).size).toBeGreaterThan(0);
    const page = await port.page(home, 'www.access.log', 1, 2);
    expect(page).toMatchObject({ hasOlder: true, inRange: true });
    expect(page.lines).toHaveLength(2);
    const match = await port.filter(home, 'www.access.log', { client: '10.0.0.1' }, 10);
    expect(match.matched).toBe(2);
    expect((await port.filter(home, 'www.access.log', { status: 404 }, 10)).lines).toEqual([
      access('10.0.0.2', 404),
    ]);
  });

  it("answers a missing or refused log with its reason, rebuilt as the port's error", async () => {
    for (const [name, reason] of [
      ['none.access.log', 'not_found'],
      ['evil.access.log', 'refused'],
    ] as const) {
      const error = await port.stat(home, name).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SiteLogError);
      expect(error).toMatchObject({ reason });
    }
  });

  it('opens a download on the panel itself (a stream does not cross the bus)', async () => {
    const { stream, size } = await port.open(home, 'blog.error.log');
    expect(size).toBe(23);
    expect(await text(stream)).toBe('oops, client: 10.0.0.9\n');
  });

  it("rotates the home's logs and removes a deleted site's, answering the names", async () => {
    const rotated = await port.rotate(home, 3);
    expect(rotated.sort()).toEqual(['blog.error.log', 'www.access.log']);
    expect(await port.removeSite(home, 'blog')).toEqual(['blog.error.log.1']);
    const left = (await readdir(join(home, 'logs'))).sort();
    expect(left).toEqual(['evil.access.log', 'www.access.log.1']);
  });
});
