import { describe, expect, it } from 'vitest';
import type { FtpServer } from '../../platform/ftp/ftp.port.ts';
import type { WebServer } from '../../platform/web-server/web-server.port.ts';
import type { NodeWebspace } from '../../platform/webspace/webspace.remote.ts';
import { createOwnedFolder } from './site.ts';
import { createNodeOf } from './webhosting.ports.ts';
import { webhostingExports } from './webhosting.exports.ts';
import type { SubdomainEvents } from './subdomain-events.ts';
import type { SubdomainLinks } from './subdomain-links.ts';
import type { SubdomainsStore } from './subdomains.store.ts';
import type { WebUsersStore } from './webusers.store.ts';

/** Fake ports that write down each call with the node it went to. */
function fakes() {
  const calls: string[] = [];
  const existing = new Set(['example.org/subdomains']);
  const webspace = (node: string): NodeWebspace => ({
    ensureHome: async (d) => `/homes/${d}`,
    ensureOwner: async (d) => {
      calls.push(`${node} ensureOwner ${d.name}`);
      return null;
    },
    repairOwner: async () => ({ differences: [], made: false }),
    removeHome: async () => {},
    async ensureFolder(domain, rel) {
      calls.push(`${node} ensureFolder ${rel}`);
      const created = !existing.has(`${domain}/${rel}`);
      existing.add(`${domain}/${rel}`);
      return { path: `/homes/${domain}/${rel}`, created };
    },
    removeEmptyFolder: async () => {},
  });
  const ftp = (node: string) =>
    ({
      grant: async (path) => void calls.push(`${node} grant ${path}`),
    }) as Partial<FtpServer> as FtpServer;
  const webServer = (node: string) =>
    ({
      applyForward: async (domain) => {
        calls.push(`${node} applyForward ${domain}`);
        return true;
      },
      reopenLogs: async () => {
        calls.push(`${node} reopenLogs`);
        return true;
      },
    }) as Partial<WebServer> as WebServer;
  return { calls, webspace, ftp, webServer };
}

const rows = new Map([
  [7, { id: 7, name: 'example.org', node: 'b' }],
  [8, { id: 8, name: 'example.net', node: null }],
]);
const customers = {
  domainById: async (id: number) => rows.get(id),
  domainByName: async (name: string) => [...rows.values()].find((r) => r.name === name),
};

describe('webhosting on the domain node', () => {
  it('makes a folder on the domain node, giving each folder it made and the one asked for', async () => {
    const f = fakes();
    const folder = createOwnedFolder(f.webspace, f.ftp);
    const domain = { id: 7, name: 'example.org', node: 'b' };
    expect(await folder(domain, 'subdomains/blog/admin')).toEqual({
      path: '/homes/example.org/subdomains/blog/admin',
      created: true,
    });
    expect(f.calls).toEqual([
      'b ensureOwner example.org',
      'b ensureFolder subdomains',
      'b ensureFolder subdomains/blog',
      'b grant /homes/example.org/subdomains/blog',
      'b ensureFolder subdomains/blog/admin',
      'b grant /homes/example.org/subdomains/blog/admin',
    ]);
    // An existing folder is given to the account again, and answered as not new.
    expect((await folder(domain, 'subdomains')).created).toBe(false);
    expect(f.calls.at(-1)).toBe('b grant /homes/example.org/subdomains');
  });

  it("finds the node of a domain another area names without it; the local node's when unplaced", async () => {
    const nodeOf = createNodeOf(customers);
    expect(await nodeOf.of({ id: 7, name: 'example.org' })).toEqual({
      id: 7,
      name: 'example.org',
      node: 'b',
    });
    expect((await nodeOf.of({ id: 7, name: 'example.org', node: 'c' })).node).toBe('c');
    expect(await nodeOf.byName('example.net')).toBe('local');
    expect(await nodeOf.byName('gone.example')).toBe('local');
  });

  it("serves the DNS area's forward and reopens logs on the right node", async () => {
    const f = fakes();
    const exports = webhostingExports(
      {} as SubdomainLinks,
      {} as SubdomainEvents,
      { webServer: f.webServer, nodeOf: createNodeOf(customers) },
      {} as WebUsersStore,
      {} as SubdomainsStore,
      {} as Parameters<typeof webhostingExports>[5],
    );
    await exports.websiteForwards.serve('example.org', { target: 'https://x.test/', status: 301 });
    await exports.reopenLogs('b');
    await exports.reopenLogs();
    expect(f.calls).toEqual(['b applyForward example.org', 'b reopenLogs', 'local reopenLogs']);
  });
});
