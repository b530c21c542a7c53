import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortOnNode, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { nodesDb } from '../../nodes/nodes.tables.ts';
import { localMailLayout } from './layout.ts';
import { renderMaps } from './mail-maps.ts';
import type { MailPart } from './mail-parts.ts';
import { MailServerError, type MailState } from './mail-server.port.ts';
import { domainMailServer } from './mail-server.domains.ts';
import { mailServerRemote, type NodeMailServer } from './mail-server.remote.ts';

const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA';
const part = (domain: string, local: string): MailPart => ({
  domains: [{ domain, catchAll: null }],
  mailboxes: [{ address: `${local}@${domain}`, passwordHash: HASH, quotaMb: 0, forwardTo: [] }],
  aliases: [{ address: `info@${domain}`, targets: [`${local}@${domain}`] }],
  listRoutes: [],
});

describe('mail per domain: each domain an object of its own, merged on the node', () => {
  let node: PanelWithNodes & { port: NodeMailServer };
  let dir: string;
  let server: NodeMailServer;
  const applied: MailState[] = [];
  let refuse: string | null = null;
  const layout = () => localMailLayout(join(dir, 'node'));

  beforeAll(async () => {
    // The whole-state apply is a fake: what it is given is what the maps would hold.
    const adapter = (root: string) => {
      const whole = domainMailServer({
        server: {
          async apply(state) {
            const s = typeof state === 'function' ? await state() : state;
            if (refuse && s.domains.some((d) => d.domain === refuse))
              throw new MailServerError('check_failed', 'postmap refused');
            applied.push(s);
            return [{ file: 'domains', domains: s.domains.map((d) => d.domain) }];
          },
        },
        layout: localMailLayout(join(root, 'node')),
        log: () => {},
      });
      return { ...whole } as unknown as NodeMailServer;
    };
    node = await startPortOnNode(mailServerRemote, adapter, { roles: ['mail'] });
    ({ dir, port: server } = node);
  });

  afterAll(() => node.close());

  const operations = () =>
    nodesDb(node.db)
      .selectFrom('node_operations')
      .select(['object', 'args'])
      .orderBy('created_at')
      .execute();

  it('applies two domains as two objects, each call carrying only its own domain', async () => {
    expect(await server.applyDomain('a.nl', part('a.nl', 'anna'))).toEqual([
      { file: 'domains', domains: ['a.nl'] },
    ]);
    // Only b.nl's lines count as its change, though the render holds both.
    expect(await server.applyDomain('b.nl', part('b.nl', 'bob'))).toEqual([
      { file: 'domains', domains: ['b.nl'] },
    ]);
    const ops = await operations();
    expect(ops.map((o) => o.object)).toEqual(['mail:a.nl', 'mail:b.nl']);
    for (const [i, domain] of ['a.nl', 'b.nl'].entries()) {
      const [name, sent] = JSON.parse(ops[i]?.args ?? '[]') as [string, MailPart];
      expect(name).toBe(domain);
      const addresses = [...sent.mailboxes, ...sent.aliases].map((e) => e.address);
      expect(addresses.every((a) => a.endsWith(`@${domain}`))).toBe(true);
      expect(sent.domains.map((d) => d.domain)).toEqual([domain]);
    }
    expect(applied.at(-1)?.domains.map((d) => d.domain)).toEqual(['a.nl', 'b.nl']);
    expect((await readdir(layout().partsDir)).sort()).toEqual(['a.nl.json', 'b.nl.json']);
    expect(Object.keys(await server.parts()).sort()).toEqual(['a.nl', 'b.nl']);
  });

  it("drops a deleted domain's part and keeps the others", async () => {
    await server.applyDomain('b.nl', null);
    expect(applied.at(-1)?.domains.map((d) => d.domain)).toEqual(['a.nl']);
    expect(applied.at(-1)?.mailboxes.map((m) => m.address)).toEqual(['anna@a.nl']);
    expect(await readdir(layout().partsDir)).toEqual(['a.nl.json']);
  });

  it('refuses a part that speaks of another domain, and a refused part is not kept', async () => {
    const error = await server.applyDomain('c.nl', part('a.nl', 'eve')).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'MailServerError', reason: 'invalid' });
    refuse = 'c.nl';
    const refused = await server.applyDomain('c.nl', part('c.nl', 'carl')).catch((e: unknown) => e);
    expect(refused).toMatchObject({ reason: 'check_failed' });
    refuse = null;
    expect(Object.keys(await server.parts())).toEqual(['a.nl']);
    await server.render();
    expect(applied.at(-1)?.domains.map((d) => d.domain)).toEqual(['a.nl']);
  });

  it('reads the parts of a node that kept only the whole maps back from them', async () => {
    const old = localMailLayout(join(dir, 'old'));
    const state: MailState = {
      domains: [{ domain: 'x.nl', catchAll: 'anna@x.nl' }],
      mailboxes: [{ address: 'anna@x.nl', passwordHash: HASH, quotaMb: 5, forwardTo: ['a@b.nl'] }],
      aliases: [{ address: 'info@y.nl', targets: ['anna@x.nl'] }],
      listRoutes: [],
    };
    const maps = renderMaps(state);
    await mkdir(old.mapsDir, { recursive: true });
    for (const name of ['domains', 'aliases', 'transport', 'mailboxes'] as const)
      await writeFile(join(old.mapsDir, name), maps[name]);
    const home = `${old.mailRoot}/x.nl/anna`;
    const passwd = `anna@x.nl:{ARGON2ID}${HASH}:8:8::${home}::userdb_quota_rule=*:storage=5M\n`;
    await writeFile(old.passwdFile, passwd);
    const seen: MailState[] = [];
    const seeded = domainMailServer({
      server: { apply: async (s) => (seen.push(s as MailState), []) },
      layout: old,
      log: () => {},
    });
    await seeded.applyDomain('z.nl', part('z.nl', 'zoe'));
    const merged = seen[0];
    expect(merged?.domains).toEqual([...state.domains, { domain: 'z.nl', catchAll: null }]);
    expect(merged?.mailboxes).toEqual([...state.mailboxes, ...part('z.nl', 'zoe').mailboxes]);
    expect(merged?.aliases).toEqual([...state.aliases, ...part('z.nl', 'zoe').aliases]);
    expect(Object.keys(await seeded.parts()).sort()).toEqual(['x.nl', 'y.nl', 'z.nl']);
  });
});
