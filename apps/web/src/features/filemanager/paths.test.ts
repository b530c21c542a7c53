import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@haven/contract/filemanager';
import {
  breadcrumbs,
  editorLanguage,
  imageType,
  nextSort,
  parentPath,
  pathFromSplat,
  sortEntries,
} from './paths.ts';

const entry = (
  name: string,
  type: FileEntry['type'],
  size: number | null,
  changed = 0,
): FileEntry => ({
  name,
  path: `/${name}`,
  type,
  size,
  changed,
  permissions: '0644',
});

describe('file manager paths', () => {
  it('turns the route splat into a path and back up to the parent', () => {
    expect(pathFromSplat(undefined)).toBe('/');
    expect(pathFromSplat('httpdocs//img/')).toBe('/httpdocs/img');
    expect(parentPath('/httpdocs/img')).toBe('/httpdocs');
    expect(parentPath('/httpdocs')).toBe('/');
  });

  it('starts the breadcrumbs at home', () => {
    expect(breadcrumbs('/httpdocs/img')).toEqual([
      { name: '', path: '/' },
      { name: 'httpdocs', path: '/httpdocs' },
      { name: 'img', path: '/httpdocs/img' },
    ]);
  });

  it('toggles the sort direction on the same column and sorts folders first, names naturally', () => {
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'size')).toEqual({ key: 'size', dir: 'asc' });
    const list = [
      entry('file10', 'file', 5),
      entry('file2', 'file', 50),
      entry('zdir', 'directory', null),
    ];
    expect(sortEntries(list, { key: 'name', dir: 'asc' }).map((e) => e.name)).toEqual([
      'zdir',
      'file2',
      'file10',
    ]);
    expect(sortEntries(list, { key: 'size', dir: 'desc' }).map((e) => e.name)).toEqual([
      'zdir',
      'file2',
      'file10',
    ]);
    expect(sortEntries(list, { key: 'name', dir: 'desc' }).map((e) => e.name)).toEqual([
      'zdir',
      'file10',
      'file2',
    ]);
  });

  it('picks the editor mode and the preview type by extension', () => {
    expect(editorLanguage('index.php')).toBe('php');
    expect(editorLanguage('.htaccess')).toBe('ini');
    expect(editorLanguage('app.ts')).toBe('typescript');
    expect(editorLanguage('README')).toBe('text');
    expect(imageType('logo.PNG')).toBe('image/png');
    expect(imageType('index.php')).toBeNull();
  });
});
