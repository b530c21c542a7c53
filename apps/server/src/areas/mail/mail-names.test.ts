import { describe, expect, it } from 'vitest';
import { hasLoop, nameClash, type MailSnapshot } from './mail-names.ts';

const snap = (over: Partial<MailSnapshot> = {}): MailSnapshot => ({
  domain: 'd.test',
  accounts: [
    { id: 1, name: 'anna', type: 'address', targets: [] },
    { id: 2, name: 'team', type: 'group', targets: ['anna@d.test'] },
  ],
  aliases: [
    { name: 'a', account_id: 1 },
    { name: 'crew', account_id: 2 },
  ],
  forwards: [{ name: 'shop', target: 'x@example.org' }],
  catchAll: null,
  ...over,
});

describe('mail names and loops', () => {
  it('names who holds a name, but not the account itself', () => {
    expect(nameClash(snap(), 'anna')).toBe('exists_as_address');
    expect(nameClash(snap(), 'a')).toBe('exists_as_address_alias');
    expect(nameClash(snap(), 'team')).toBe('exists_as_group');
    expect(nameClash(snap(), 'crew')).toBe('exists_as_group_alias');
    expect(nameClash(snap(), 'shop')).toBe('exists_as_forward');
    expect(nameClash(snap(), 'a', 1)).toBeNull();
    expect(nameClash(snap(), 'free')).toBeNull();
  });

  it('finds cycles through groups, aliases, forwards, forwarding copies and the catch-all', () => {
    expect(hasLoop(snap())).toBe(false);
    expect(hasLoop(snap({ forwards: [{ name: 'x', target: 'x@d.test' }] }))).toBe(true);
    const copy = snap({
      accounts: [
        { id: 1, name: 'anna', type: 'address', targets: ['crew@d.test'] },
        { id: 2, name: 'team', type: 'group', targets: ['anna@d.test'] },
      ],
    });
    expect(hasLoop(copy)).toBe(true);
    expect(hasLoop(snap({ catchAll: 'nobody@d.test' }))).toBe(true);
    expect(hasLoop(snap({ catchAll: 'anna@d.test' }))).toBe(false);
    const viaCatchAll = snap({
      catchAll: 'shop@d.test',
      forwards: [{ name: 'shop', target: 'unknown@d.test' }],
    });
    expect(hasLoop(viaCatchAll)).toBe(true);
  });

  it("a mailing list's names are taken, and its address is known (no catch-all loop)", () => {
    const withList = snap({ lists: ['news', 'news+bounces'] });
    expect(nameClash(withList, 'news')).toBe('exists_as_list');
    expect(nameClash(withList, 'news+bounces')).toBe('exists_as_list');
    expect(hasLoop({ ...withList, catchAll: 'news@d.test' })).toBe(false);
  });
});
