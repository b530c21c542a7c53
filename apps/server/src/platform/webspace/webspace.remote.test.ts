import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { migrate, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createInProcessBus, type InProcessBus } from '../node-bus/node-bus.in-process.ts';
import { systemClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/app-error.ts';
import { linkRefused } from '../../lib/confine.ts';
import { bindAdapter, createAdapterTable } from '../../agent/adapter-table.ts';
import { heldFile } from '../../agent/held-revisions.ts';
import { startAgent, type Agent } from '../../agent/agent.ts';
import { createNodes, type Nodes } from '../../nodes/nodes.service.ts';
import { webspaceRemote, type NodeWebspace } from './webspace.remote.ts';

/** A webspace that remembers its folders and refuses a folder through a link. */
function fakeWebspace(calls: string[]): NodeWebspace {
  const folders = new Set<string>();
  return {
    ensureHome: async (domain) => `/homes/${domain}`,
    ensureOwner: async (d) => ({
      user: `web${d.id}`,
      group: `web${d.id}`,
      uid: 2000 + d.id,
      gid: 2000 + d.id,
      tmp: `/homes/${d.name}/tmp`,
      sessions: `/homes/${d.name}/tmp/sessions`,
    }),
    repairOwner: async () => ({ differences: ['owner made'], made: true }),
    removeHome: async (d) => void calls.push(`removeHome ${d.name}`),
    async ensureFolder(domain, rel) {
      if (rel.startsWith('link')) throw linkRefused();
      const created = !folders.has(`${domain}/${rel}`);
      folders.add(`${domain}/${rel}`);
      return { path: `/homes/${domain}/${rel}`, created };
    },
    removeEmptyFolder: async (domain, rel) => void folders.delete(`${domain}/${rel}`),
  };
}

describe('webspaceRemote: the webspace driven on a node', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let bus: InProcessBus;
  let nodes: Nodes;
  let agent: Agent;
  let port: NodeWebspace;
  const calls: string[] = [];
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'haven-webspace-remote-'));
    handle = openDatabase(`sqlite:${join(dir, 'panel.sqlite')}`);
    await migrate(handle);
    bus = createInProcessBus();
    nodes = createNodes({
      db: handle.db,
      bus: bus.panel,
      clock: systemClock,
      log,
      applyWaitMs: 2000,
    });
    await nodes.start();
    port = nodes.port(webspaceRemote, 'local');
    agent = await startAgent({
      bus: bus.agent('local'),
      table: createAdapterTable([bindAdapter(webspaceRemote, fakeWebspace(calls))]),
      held: heldFile(join(dir, 'agent')),
      roles: ['web'],
      version: 'test',
      clock: systemClock,
      log,
    });
  });

  afterAll(async () => {
    await agent.stop();
    await nodes.stop();
    await bus.panel.close();
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the home, its owner and a folder made once', async () => {
    expect(await port.ensureHome('example.org')).toBe('/homes/example.org');
    expect(await port.ensureOwner({ id: 7, name: 'example.org' })).toMatchObject({ uid: 2007 });
    expect(await port.repairOwner({ id: 7, name: 'example.org' })).toEqual({
      differences: ['owner made'],
      made: true,
    });
    expect(await port.ensureFolder('example.org', 'subdomains/blog')).toEqual({
      path: '/homes/example.org/subdomains/blog',
      created: true,
    });
    expect((await port.ensureFolder('example.org', 'subdomains/blog')).created).toBe(false);
    await port.removeEmptyFolder('example.org', 'subdomains/blog');
    expect((await port.ensureFolder('example.org', 'subdomains/blog')).created).toBe(true);
    await port.removeHome({ id: 7, name: 'example.org' });
    expect(calls).toEqual(['removeHome example.org']);
  });

  it("rebuilds a refusal as the area's AppError", async () => {
    const error = await port.ensureFolder('example.org', 'link/out').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'link_refused', kind: 'forbidden' });
  });
});
