import type { FileEntry } from '@haven/contract/filemanager';
import type { EditorLanguage } from '../../components/code-editor/editor-languages.ts';

/** '/httpdocs/img' from the route's splat ('httpdocs/img', '' for the home). */
export function pathFromSplat(splat: string | undefined): string {
  const parts = (splat ?? '').split('/').filter((s) => s !== '' && s !== '.');
  return `/${parts.join('/')}`;
}

/** The splat of a path, for routePath('filemanager', { '*': ... }). */
export function splatOf(path: string): string {
  return path.replace(/^\/+/, '');
}

export function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

export function parentPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Breadcrumbs from 'home': [{ name: '', path: '/' }, { name: 'httpdocs', path: '/httpdocs' }, ...]. */
export function breadcrumbs(path: string): { name: string; path: string }[] {
  const parts = path.split('/').filter(Boolean);
  return [
    { name: '', path: '/' },
    ...parts.map((name, i) => ({ name, path: `/${parts.slice(0, i + 1).join('/')}` })),
  ];
}

export type SortKey = 'name' | 'size' | 'changed' | 'permissions';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** Specs: a click on the sorted column toggles asc/desc; another column starts ascending. */
export function nextSort(current: Sort, key: SortKey): Sort {
  return current.key === key
    ? { key, dir: current.dir === 'asc' ? 'desc' : 'asc' }
    : { key, dir: 'asc' };
}

/** Folders first, then by the column; names compare naturally ('file2' before 'file10'). */
export function sortEntries(entries: readonly FileEntry[], sort: Sort): FileEntry[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const factor = sort.dir === 'asc' ? 1 : -1;
  const value = (e: FileEntry): number | string => {
    if (sort.key === 'size') return e.size ?? -1;
    if (sort.key === 'changed') return e.changed;
    if (sort.key === 'permissions') return e.permissions;
    return e.name;
  };
  return [...entries].sort((a, b) => {
    const folders = Number(b.type === 'directory') - Number(a.type === 'directory');
    if (folders !== 0) return folders;
    const va = value(a);
    const vb = value(b);
    const byKey =
      typeof va === 'number' && typeof vb === 'number'
        ? va - vb
        : collator.compare(String(va), String(vb));
    return (byKey || collator.compare(a.name, b.name)) * factor;
  });
}

const extension = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  ico: 'image/x-icon',
};

/** The image type of a previewable file, or null. */
export function imageType(name: string): string | null {
  return name.includes('.') ? (IMAGE_TYPES[extension(name)] ?? null) : null;
}

export function isZip(name: string): boolean {
  return extension(name) === 'zip' && name.includes('.');
}

// The modes live with the shared editor (components/code-editor); the file manager maps names to them.
export {
  EDITOR_LANGUAGES,
  type EditorLanguage,
} from '../../components/code-editor/editor-languages.ts';

const LANGUAGE_OF: Record<string, EditorLanguage> = {
  php: 'php',
  phtml: 'php',
  html: 'html',
  htm: 'html',
  css: 'css',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  yml: 'yaml',
  yaml: 'yaml',
  ini: 'ini',
  htaccess: 'ini',
  sql: 'sql',
};

/** The editor mode by extension (php for php files, as the specs ask). */
export function editorLanguage(name: string): EditorLanguage {
  return LANGUAGE_OF[extension(name)] ?? 'text';
}

/** Entries the editor opens: files that are not images or archives. */
export function isEditable(entry: FileEntry): boolean {
  return entry.type === 'file' && !imageType(entry.name) && !isZip(entry.name);
}
