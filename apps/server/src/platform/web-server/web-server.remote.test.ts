import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortOnNode, type PanelWithNodes } from '../../../test/support/port-on-node.ts';
import { webServerRemote } from './web-server.remote.ts';
import { ConfigRejectedError, type DomainSite, type WebServer } from './web-server.port.ts';

const PHP = { value: 'php82', text: 'PHP 8.2', version: '8.2', binary: '/usr/sbin/php-fpm8.2' };

/** A web server that keeps its sites and refuses a site without subdomains as nginx -t would. */
function fakeWebServer(sites: Map<number, DomainSite>): WebServer {
  return {
    phpVersions: async () => [PHP],
    async applySite(site, options) {
      if (site.subdomains.length === 0) throw new ConfigRejectedError('nginx -t', 'no server');
      const same = JSON.stringify(sites.get(site.domainId)) === JSON.stringify(site);
      sites.set(site.domainId, site);
      return same && !options?.reload ? [] : [{ kind: 'server-blocks', removed: false }];
    },
    removeSite: async (domainId) => void sites.delete(domainId),
    applyForward: async (_domain, forward) => forward !== null,
    reopenLogs: async () => true,
  };
}

const site: DomainSite = {
  domainId: 7,
  domain: 'example.org',
  home: '/homes/example.org',
  owner: null,
  subdomains: [
    {
      name: 'www',
      hostnames: ['www.example.org', 'example.org'],
      docroot: '/homes/example.org/httpdocs',
      php: 'php82',
      ini: { memory_limit: '128M' },
      protectedDirs: [],
    },
  ],
  tls: null,
};

describe('webServerRemote: the web server driven on a node', () => {
  let node: PanelWithNodes & { port: WebServer };
  let port: WebServer;
  const sites = new Map<number, DomainSite>();

  beforeAll(async () => {
    node = await startPortOnNode(webServerRemote, fakeWebServer(sites));
    port = node.port;
  });

  afterAll(() => node.close());

  it('reads the PHP versions and applies, reapplies and removes a site', async () => {
    expect(await port.phpVersions()).toEqual([PHP]);
    expect(await port.applySite(site)).toEqual([{ kind: 'server-blocks', removed: false }]);
    expect(sites.get(7)).toEqual(site);
    expect(await port.applySite(site)).toEqual([]);
    expect(await port.applySite(site, { reload: true })).toHaveLength(1);
    await port.removeSite(7, 'example.org');
    expect(sites.has(7)).toBe(false);
    const forward = {
      domain: 'example.org',
      hostnames: ['example.org', 'www.example.org'],
      target: 'https://example.net/',
      status: 301 as const,
    };
    expect(await port.applyForward('example.org', forward)).toBe(true);
    expect(await port.applyForward('example.org', null)).toBe(false);
    expect(await port.reopenLogs()).toBe(true);
  });

  it("rebuilds a checker's refusal as ConfigRejectedError", async () => {
    const error = await port.applySite({ ...site, subdomains: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigRejectedError);
    expect(error).toMatchObject({ checker: 'nginx -t', output: 'no server' });
  });
});
