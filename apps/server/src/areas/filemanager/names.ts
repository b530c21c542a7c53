import { fileNameProblem } from '@haven/contract';
import { fail } from './filemanager.errors.ts';
import { confine, joinRel, type Confined } from '../../lib/confine.ts';

/** Names a customer gives (create, rename, upload, zip): the contract's rules, one error code. */
export function checkName(name: string): string {
  if (fileNameProblem(name) !== null) throw fail('invalid_filename', 'invalid');
  return name;
}

/** 'report.pdf' -> 'report (copy).pdf', then 'report (copy 2).pdf'... until one is free. */
export async function freeName(dir: Confined, name: string, label: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; n < 1000; n += 1) {
    const candidate = `${stem} (${label}${n === 1 ? '' : ` ${n}`})${ext}`;
    if (Buffer.byteLength(candidate) > 255) break;
    if (!(await confine(dir.root, [...dir.segments, candidate])).stat) return candidate;
  }
  throw fail('exists', 'conflict');
}

/** The canonical path of an entry by its real location (links on the way resolved). */
export function realRel(c: Confined): string {
  if (c.path === c.root) return '/';
  return joinRel(c.path.slice(c.root.length + 1).split('/'));
}

/**
 * FTP users with their own folder inside the home (webhosting area). A path belongs to the
 * deepest such folder that holds it, or to the domain's main user ('').
 */
export type FtpHomesOf = (domainId: number) => Promise<readonly string[]>;

export function userAreaOf(rel: string, ftpHomes: readonly string[]): string {
  let best = '';
  for (const home of ftpHomes) {
    if ((rel === home || rel.startsWith(`${home}/`)) && home.length > best.length) best = home;
  }
  return best;
}

/** Specs: moving between two users is refused when source or target has its own FTP user. */
export function assertSameUser(fromRel: string, toRel: string, ftpHomes: readonly string[]): void {
  const a = userAreaOf(fromRel, ftpHomes);
  const b = userAreaOf(toRel, ftpHomes);
  if (a !== b) throw fail('move_between_users', 'forbidden');
}
