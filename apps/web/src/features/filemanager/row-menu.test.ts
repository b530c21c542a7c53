import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@haven/contract/filemanager';
import { actionsOf } from './row-menu.tsx';

const entry = (extra: Partial<FileEntry> = {}): FileEntry => ({
  name: 'a.txt',
  path: '/httpdocs/a.txt',
  type: 'file',
  size: 1,
  changed: 0,
  permissions: '0644',
  ...extra,
});

describe('actionsOf', () => {
  it('offers the usual actions for a file', () => {
    expect(actionsOf(entry())).toEqual(expect.arrayContaining(['rename', 'download', 'delete']));
  });

  it('offers only rename for a name that is not UTF-8 (made over FTP)', () => {
    expect(actionsOf(entry({ name: 'caf\uFFFD.txt', raw_name: 'Y2Fm6S50eHQ' }))).toEqual([
      'rename',
    ]);
  });
});
