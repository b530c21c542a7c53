import { describe, expect, it } from 'vitest';
import { domainName } from './domain-name.ts';
import { isDomainName } from './is-domain-name.ts';

describe('domain names', () => {
  it.each([
    'example.nl',
    'a.b.c.example.com',
    'xn--bcher-kva.example',
    'my-site.test',
    '1and1.com',
  ])('accepts %s', (d) => {
    expect(isDomainName(d)).toBe(true);
  });

  it.each([
    'localhost',
    'Example.nl',
    '-bad.nl',
    'bad-.nl',
    'a..b.nl',
    'exa mple.nl',
    'ex_ample.nl',
    'bücher.de',
    '../etc.nl',
    'example.nl.',
    `${'a'.repeat(64)}.nl`,
    `${'a.'.repeat(127)}nl`,
    'example.1',
    '',
    'a/b.nl',
    'a\nb.nl',
  ])('refuses %j', (d) => {
    expect(isDomainName(d)).toBe(false);
  });

  it('trims and lower-cases typed input', () => {
    expect(domainName.parse('  Example.NL ')).toBe('example.nl');
    expect(domainName.safeParse('').error?.issues[0]?.message).toBe('required');
    expect(domainName.safeParse('nope').error?.issues[0]?.message).toBe('regex');
  });
});
