import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { run } from '../../lib/process.ts';
import { fileExists, findBinary } from './binaries.ts';
import { accepts } from './health.ts';
import type { SupervisedService } from './service.ts';

export interface PureFtpdFiles {
  /** The passwd file and puredb the FTP adapter keeps (platform/ftp/ftp.pure-ftpd.ts). */
  passwdFile: string;
  pdbFile: string;
}

/**
 * pure-ftpd in the foreground on 127.0.0.1, virtual users only (the puredb Haven writes, re-read
 * at each login, so an account change needs no reload), passive ports in a fixed range.
 */
export function pureFtpdService(
  files: PureFtpdFiles,
  port: number,
  passive: [number, number],
  dir: string,
  /** pure-ftpd's transfer log (`--altlog clf:`), which the statistics read; none when absent. */
  transferLog?: string,
): SupervisedService {
  let binary = 'pure-ftpd';
  return {
    name: 'pure-ftpd',
    address: `127.0.0.1:${port}`,
    reloadSignal: 'SIGHUP',
    async missing() {
      const found = await findBinary('pure-ftpd');
      if (found) binary = found;
      return found && (await findBinary('pure-pw')) ? null : 'pure-ftpd';
    },
    async prepare() {
      if (await fileExists(files.pdbFile)) return;
      await mkdir(dirname(files.pdbFile), { recursive: true, mode: 0o700 });
      // No FTP account yet: an empty puredb, so logins are refused rather than the start.
      const source = (await fileExists(files.passwdFile))
        ? files.passwdFile
        : join(dir, 'empty.passwd');
      if (source !== files.passwdFile) await writeFileAtomic(source, '', 0o600);
      const res = await run('pure-pw', ['mkdb', files.pdbFile, '-f', source], {
        timeoutMs: 30_000,
      });
      if (res.code !== 0)
        throw new Error(`pure-pw mkdb: ${res.stderr.trim() || `exit ${res.code}`}`);
    },
    command: () => ({
      cmd: binary,
      args: [
        '-l',
        `puredb:${files.pdbFile}`,
        '-S',
        `127.0.0.1,${port}`,
        '-p',
        `${passive[0]}:${passive[1]}`,
        '-P',
        '127.0.0.1',
        '-g',
        join(dir, 'pure-ftpd.pid'),
        // No anonymous logins, no system accounts below uid 1, no DNS lookups, IPv4 only.
        '-E',
        '-u',
        '1',
        '-H',
        '-4',
        ...(transferLog ? ['-O', `clf:${transferLog}`] : []),
      ],
    }),
    healthy: () => accepts(port),
  };
}
