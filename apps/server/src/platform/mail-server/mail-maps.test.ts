import { describe, expect, it } from 'vitest';
import { checkAddress, checkMapAddress, renderMaps, renderPasswd } from './mail-maps.ts';
import type { MailState } from './mail-server.port.ts';

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

describe('mail maps', () => {
  it('refuses anything that could split a line, field, list or path', () => {
    for (const bad of [
      'a b@example.test',
      '"a"@example.test',
      'a..b@example.test',
      '.a@example.test',
      'a.@example.test',
      'a:b@example.test',
      'a,b@example.test',
      '../x@example.test',
      'a/b@example.test',
      'é@example.test',
      'A@example.test',
      `${'a'.repeat(65)}@example.test`,
      'a@exa mple.test',
      'a@example.test\nb@x.test',
      '@example.test',
    ])
      expect(() => checkAddress(bad), bad).toThrow(/not a mail address/);
    expect(checkAddress('first.last+tag@example.test')).toEqual({
      local: 'first.last+tag',
      domain: 'example.test',
    });
  });

  it('maps aliases with the RFC characters the specs allow, but not a comment line', () => {
    expect(checkMapAddress("o'brien+x{y}@example.test")).toBe("o'brien+x{y}@example.test");
    for (const bad of ['#x@example.test', 'a,b@example.test', 'a b@example.test', 'a:b@x.test'])
      expect(() => checkMapAddress(bad), bad).toThrow(/not a mail address/);
  });

  it('renders domains, mailboxes (mapped to themselves), aliases and the catch-all', () => {
    const state: MailState = {
      domains: [{ domain: 'example.test', catchAll: 'anna@example.test' }],
      mailboxes: [
        { address: 'anna@example.test', passwordHash: hash, quotaMb: 100, forwardTo: ['x@y.test'] },
      ],
      aliases: [{ address: 'team@example.test', targets: ['anna@example.test', 'b@y.test'] }],
    };
    expect(renderMaps(state)).toEqual({
      domains: 'example.test OK\n',
      mailboxes: 'anna@example.test OK\n',
      aliases:
        'anna@example.test anna@example.test,x@y.test\nteam@example.test anna@example.test,b@y.test\n@example.test anna@example.test\n',
      transport: '',
    });
    expect(renderPasswd(state, { mailRoot: '/m', uid: 8, gid: 8 })).toBe(
      `anna@example.test:{ARGON2ID}${hash}:8:8::/m/example.test/anna::userdb_quota_rule=*:storage=100M\n`,
    );
    expect(() =>
      renderPasswd(
        { ...state, mailboxes: [{ ...state.mailboxes[0]!, passwordHash: 'x:y' }] },
        { mailRoot: '/m', uid: 8, gid: 8 },
      ),
    ).toThrow(/argon2id/);
  });

  it('routes list addresses to the expander: self-alias and a transport line; refuses other transports', () => {
    const state: MailState = {
      domains: [{ domain: 'd.test', catchAll: 'x@d.test' }],
      mailboxes: [],
      aliases: [],
      listRoutes: [{ address: 'news@d.test', transport: 'lmtp:inet:127.0.0.1:2426' }],
    };
    const maps = renderMaps(state);
    expect(maps.transport).toBe('news@d.test lmtp:inet:127.0.0.1:2426\n');
    // Before the catch-all, which would otherwise take it.
    expect(maps.aliases).toBe('news@d.test news@d.test\n@d.test x@d.test\n');
    for (const transport of ['smtp:example.org:25', 'lmtp:inet:127.0.0.1:1\nx', 'pipe:x'])
      expect(() =>
        renderMaps({ ...state, listRoutes: [{ address: 'news@d.test', transport }] }),
      ).toThrow(/not a list transport/);
  });
});
