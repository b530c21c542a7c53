import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isDomainName } from '@haven/contract';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { hasCommand, run } from '../../lib/process.ts';
import { countDiff, type DnsServer, type Zone } from './dns.port.ts';
import { renderZoneFile } from './zone-file.ts';

/** named-checkzone refused a zone; `output` is its report. */
export class ZoneCheckError extends Error {
  constructor(readonly output: string) {
    super(`named-checkzone refused the zone: ${output.slice(0, 500)}`);
    this.name = 'ZoneCheckError';
  }
  /** The typed reason a node reports, so the panel rebuilds this error (dns.remote.ts). */
  readonly reason = 'zone_refused';
}

/**
 * Zones as BIND master files, one `<domain>.zone` per domain under `dir`, plus
 * `haven-zones.conf` listing them for a `named.conf` include. Each file is checked with
 * `named-checkzone` (when installed) before it replaces the served one.
 */
export function createBindFilesDns(dir: string, options: { checker?: boolean } = {}): DnsServer {
  let checker: Promise<boolean> | undefined;
  const useChecker = () =>
    (checker ??=
      options.checker === false ? Promise.resolve(false) : hasCommand('named-checkzone', ['-v']));
  const fileOf = (name: string) => {
    // The name becomes a path: only a validated domain name may reach it.
    if (!isDomainName(name)) throw new Error(`not a domain name: ${name}`);
    return join(dir, `${name}.zone`);
  };

  // One index write at a time, so a slow writer never replaces a newer listing.
  let indexQueue: Promise<void> = Promise.resolve();
  const writeIndex = () => (indexQueue = indexQueue.catch(() => {}).then(writeIndexNow));

  async function writeIndexNow(): Promise<void> {
    const zones = (await readdir(dir))
      .filter((f) => f.endsWith('.zone') && !f.startsWith('.'))
      .sort();
    const lines = zones.map(
      (f) => `zone "${f.slice(0, -5)}" { type primary; file "${join(dir, f)}"; };`,
    );
    await writeFileAtomic(
      join(dir, 'haven-zones.conf'),
      `// Written by Haven.\n${lines.join('\n')}\n`,
    );
  }

  async function check(name: string, text: string): Promise<void> {
    if (!(await useChecker())) return;
    const candidate = join(dir, `.${name}.${randomBytes(6).toString('hex')}.check`);
    await writeFile(candidate, text, { mode: 0o600 });
    try {
      // -i local: no lookups of names outside the zone (closed networks, speed); -k warn: `_x` owners are fine.
      const result = await run('named-checkzone', ['-i', 'local', '-k', 'warn', name, candidate], {
        timeoutMs: 30_000,
      });
      if (result.code !== 0)
        throw new ZoneCheckError(
          `${result.stdout}${result.stderr}`.replaceAll(candidate, `${name}.zone`),
        );
    } finally {
      await rm(candidate, { force: true });
    }
  }

  const render = (zone: Zone) =>
    renderZoneFile(
      zone,
      `Zone ${zone.name}, serial ${zone.serial}. Written by Haven from its desired state: edits here are overwritten.`,
    );
  /** The record lines of a zone file (comments, directives and blank lines aside), spacing normalised. */
  const recordLines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim().replace(/\s+/g, ' '))
      .filter((l) => l !== '' && !l.startsWith(';') && !l.startsWith('$'));

  return {
    async diffZone(zone: Zone) {
      const wanted = render(zone);
      const text = await readFile(fileOf(zone.name), 'utf8').catch(() => null);
      if (text === null)
        return {
          server: 'bind-files',
          served: false,
          added: recordLines(wanted).length,
          removed: 0,
          differs: true,
        };
      const diff = countDiff(recordLines(wanted), recordLines(text));
      const index = await readFile(join(dir, 'haven-zones.conf'), 'utf8').catch(() => '');
      const listed = index.includes(`zone "${zone.name}" {`);
      return {
        server: 'bind-files',
        ...diff,
        differs: diff.differs || text !== wanted || !listed,
      };
    },
    async applyZone(zone: Zone) {
      const file = fileOf(zone.name);
      await mkdir(dir, { recursive: true });
      const text = render(zone);
      await check(zone.name, text);
      await writeFileAtomic(file, text);
      await writeIndex();
    },
    async removeZone(name: string) {
      await rm(fileOf(name), { force: true });
      await mkdir(dir, { recursive: true });
      await writeIndex();
    },
  };
}
