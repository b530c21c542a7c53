import { describe, expect, it } from 'vitest';
import { createDiskMeter } from './disk-meter.service.ts';
import type { Files } from './domain-files.ts';
import { createQuota } from './quota.service.ts';

/** A measurement whose files answer `disk.bytes` (counting the walks), with no databases or mail. */
function fakeMeter(disk: { bytes: number; walks: number }) {
  const usage = () => {
    disk.walks += 1;
    return Promise.resolve({ home: disk.bytes, trash: 0, folders: { httpdocs: disk.bytes } });
  };
  return createDiskMeter({ on: () => ({ usage }) } as unknown as Files, {
    databaseBytes: () => Promise.resolve(null),
    mailboxes: { top: () => Promise.resolve([]), total: () => Promise.resolve(0) },
  });
}

const domain = { id: 1, name: 'a.test', diskQuotaMb: 1, node: 'local' };
const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('quota', () => {
  it('measures once, adds its own changes, and measures again in the background after a minute', async () => {
    const disk = { bytes: 400_000, walks: 0 };
    let now = 0;
    const quota = createQuota(fakeMeter(disk), { now: () => now });
    await Promise.all([quota.usage(domain), quota.usage(domain)]);
    expect(disk.walks).toBe(1);
    await quota.spend(domain, 100_000, () => Promise.resolve());
    expect(await quota.usage(domain)).toEqual({ used: 500_000, limit: 1_000_000 });
    expect(disk.walks).toBe(1);
    disk.bytes = 700_000; // written over FTP meanwhile
    now = 60_000;
    expect((await quota.usage(domain)).used).toBe(500_000); // the known figure answers
    await Promise.resolve();
    expect(disk.walks).toBe(2);
    expect((await quota.usage(domain)).used).toBe(700_000);
  });

  it('holds room for work under way, and lets it go on failure', async () => {
    const quota = createQuota(fakeMeter({ bytes: 0, walks: 0 }), { now: () => 0 });
    const first = await quota.hold(domain, 600_000);
    const second = await quota.hold(domain);
    expect(code(() => second.grow(500_000))).toBe('quota_exceeded');
    expect(code(() => second.grow(400_000))).toBe('ok');
    first.free();
    second.done(400_000);
    expect((await quota.usage(domain)).used).toBe(400_000);
    await expect(
      quota.spend(domain, 300_000, () => Promise.reject(new Error('disk full'))),
    ).rejects.toThrow('disk full');
    (await quota.hold(domain, 600_000)).free(); // the failed work held nothing back
    await expect(quota.hold(domain, 600_001)).rejects.toMatchObject({ code: 'quota_exceeded' });
  });
});
