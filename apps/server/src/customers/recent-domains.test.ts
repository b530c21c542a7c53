import { describe, expect, it } from 'vitest';
import type { DomainRow } from './customers.store.ts';
import { createRecentDomains } from './recent-domains.ts';

const row = (name: string, status = 'ACTIVE') => ({ id: 1, name, status }) as unknown as DomainRow;

/** A table of one row per name, counting reads; `gate` holds a read until released. */
function table() {
  const rows = new Map<string, DomainRow>([['a.test', row('a.test')]]);
  let reads = 0;
  let gate: Promise<void> | undefined;
  return {
    rows,
    reads: () => reads,
    hold() {
      let release = () => {};
      gate = new Promise((r) => (release = r));
      return () => release();
    },
    read: async (name: string) => {
      reads += 1;
      const seen = rows.get(name);
      await gate;
      return seen;
    },
  };
}

describe('recent domains (the guard reads a domain once per 2 s)', () => {
  it('answers from the kept row within the time, then reads again', async () => {
    const t = table();
    const recent = createRecentDomains(t.read, 2_000);
    await recent.byName('a.test', 0);
    await recent.byName('a.test', 1_999);
    expect(t.reads()).toBe(1);
    await recent.byName('a.test', 2_000);
    expect(t.reads()).toBe(2);
  });

  it('keeps no miss: a domain made a moment later is found', async () => {
    const t = table();
    const recent = createRecentDomains(t.read);
    expect(await recent.byName('b.test', 0)).toBeUndefined();
    t.rows.set('b.test', row('b.test'));
    expect((await recent.byName('b.test', 1))?.name).toBe('b.test');
  });

  it('reads every domain again after a write in this process', async () => {
    const t = table();
    const recent = createRecentDomains(t.read);
    await recent.byName('a.test', 0);
    t.rows.set('a.test', row('a.test', 'SUSPENDED'));
    recent.changed();
    expect((await recent.byName('a.test', 1))?.status).toBe('SUSPENDED');
  });

  it('does not keep a row read while a write committed (it may be the old one)', async () => {
    const t = table();
    const recent = createRecentDomains(t.read);
    const release = t.hold();
    const racing = recent.byName('a.test', 0);
    t.rows.set('a.test', row('a.test', 'SUSPENDED'));
    recent.changed();
    release();
    expect((await racing)?.status).toBe('ACTIVE');
    expect((await recent.byName('a.test', 1))?.status).toBe('SUSPENDED');
  });

  it('drops the oldest row when full', async () => {
    const t = table();
    for (const n of ['b.test', 'c.test']) t.rows.set(n, row(n));
    const recent = createRecentDomains(t.read, 2_000, 2);
    for (const n of ['a.test', 'b.test', 'c.test']) await recent.byName(n, 0);
    const before = t.reads();
    await recent.byName('c.test', 1);
    await recent.byName('a.test', 1);
    expect(t.reads()).toBe(before + 1);
  });
});
