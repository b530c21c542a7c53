import { fileNameProblem } from '@haven/contract';
import { fail } from './filemanager.errors.ts';
import { childOf, type Files, type FilesDomain } from './domain-files.ts';

/** Names a customer gives (create, rename, upload, zip): the contract's rules, one error code. */
export function checkName(name: string): string {
  if (fileNameProblem(name) !== null) throw fail('invalid_filename', 'invalid');
  return name;
}

/** 'report.pdf' -> 'report (copy).pdf', then 'report (copy 2).pdf'... until one is free in `folder`. */
export async function freeName(
  files: Files,
  domain: FilesDomain,
  folder: string,
  name: string,
  label: string,
): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; n < 1000; n += 1) {
    const candidate = `${stem} (${label}${n === 1 ? '' : ` ${n}`})${ext}`;
    if (Buffer.byteLength(candidate) > 255) break;
    if (!(await files.on(domain).stat(domain.name, childOf(folder, candidate)))) return candidate;
  }
  throw fail('exists', 'conflict');
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
