import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { linkRefused } from '../../lib/confine.ts';
import { startPortOnNode, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
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
  let node: PanelWithNodes & { port: NodeWebspace };
  let port: NodeWebspace;
  const calls: string[] = [];

  beforeAll(async () => {
    node = await startPortOnNode(webspaceRemote, fakeWebspace(calls));
    port = node.port;
  });

  afterAll(() => node.close());

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
