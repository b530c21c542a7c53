import { describe, expect, it } from 'vitest';
import { urlProblem } from '@haven/contract/dns';
import { redirectTarget, renderForward } from './forward-render.ts';
import { debianLayout, localLayout } from './layout.ts';
import { renderDebianInclude, renderLocalMain } from './nginx-render.ts';
import type { SiteForward } from './web-server.port.ts';

const local = localLayout('/srv/haven/web', ['127.0.0.1:8081'], null);
const forward = (target: string, status: 301 | 302 = 301): SiteForward => ({
  domain: 'voorbeeld.test',
  hostnames: ['voorbeeld.test', 'www.voorbeeld.test'],
  target,
  status,
});

// What a stored target could try to smuggle into the server block: every one is refused, by
// the contract's validator and again by the renderer (the second wall).
const ATTACKS = [
  'https://x.test/; return 200 "pwned"',
  'https://x.test/";return 200 pwned;#',
  'https://x.test/\n}\nserver { listen 80; }',
  'https://x.test/\r\nX: y',
  'https://x.test/{}',
  'https://x.test/$host',
  'https://x.test/${request_uri}',
  "https://x.test/'a'",
  'https://x.test/a\\b',
  'https://x.test/a b',
  'https://x.test/\u0000',
  'https://x.test/`id`',
  'javascript:alert(1)',
  'ftp://x.test/',
  '/relative/path',
  '',
];

describe('website forward rendering', () => {
  it('answers every path of the domain and www with the chosen redirect', () => {
    const text = renderForward(local, forward('https://www.example.org/welkom?a=1&b=%20#top'));
    expect(text).toContain('    listen 127.0.0.1:8081;');
    expect(text).toContain('    server_name "voorbeeld.test" "www.voorbeeld.test";');
    expect(text).toContain(
      '    location / { return 301 "https://www.example.org/welkom?a=1&b=%20#top"; }',
    );
    expect(renderForward(local, forward('https://example.org/', 302))).toContain(
      'return 302 "https://example.org/";',
    );
  });

  it('adds the .localhost names in the local profile only', () => {
    expect(renderForward(local, forward('https://example.org/'))).toContain(
      'server_name "voorbeeld.test.localhost" "www.voorbeeld.test.localhost";',
    );
    const debian = renderForward(debianLayout(['80'], null), forward('https://example.org/'));
    expect(debian).not.toContain('.localhost');
    expect(debian).toContain('    listen 80;');
  });

  it.each(ATTACKS)('refuses the target %j in the contract and in the renderer', (target) => {
    expect(urlProblem(target)).toBe('invalid_url');
    expect(() => redirectTarget(target)).toThrow(/not safe/);
    expect(() => renderForward(local, forward(target))).toThrow(/not safe/);
  });

  it('refuses any status but 301 and 302', () => {
    const bad = { ...forward('https://example.org/'), status: 200 } as unknown as SiteForward;
    expect(() => renderForward(local, bad)).toThrow(/not safe/);
  });

  it('includes the forwards before the sites, so a forward wins over the www site', () => {
    for (const text of [renderLocalMain(local), renderDebianInclude(debianLayout(['80'], null))]) {
      const forwards = text.indexOf('/forwards/*.conf');
      expect(forwards).toBeGreaterThan(-1);
      expect(forwards).toBeLessThan(text.indexOf('/sites/*.conf'));
    }
  });
});
