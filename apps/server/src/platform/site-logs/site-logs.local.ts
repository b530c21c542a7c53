import { constants } from 'node:fs';
import { readdir, lstat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { confine, isCode, openConfined } from '../../lib/confine.ts';
import { isAppError } from '../../lib/app-error.ts';
import { readPageBackwards } from './read-backwards.ts';
import { filterStream } from './filter-stream.ts';
import { lineMatcher } from './line-filter.ts';
import { rotateFolder } from './rotate.ts';
import { SiteLogError, type LogEntry, type SiteLogs } from './site-logs.port.ts';

/** Longest line a page or a filter keeps (bytes); the rest of a longer line is cut. */
export interface SiteLogsOptions {
  lineMaxBytes: number;
}

const LOGS = 'logs';

/**
 * The logs folder of a home on this machine. Every name goes through lib/confine.ts: the
 * `logs` folder itself must be a real folder (a link put in its place is refused), a log is
 * opened with O_NOFOLLOW and checked through /proc/self/fd, and only regular files are read.
 */
export function createLocalSiteLogs(options: SiteLogsOptions): SiteLogs {
  async function logsRoot(home: string): Promise<string | null> {
    try {
      const c = await confine(home, [LOGS]);
      if (!c.stat) return null;
      if (!c.stat.isDirectory()) throw new SiteLogError('refused', 'logs is not a folder');
      return c.path;
    } catch (error) {
      if (isAppError(error) && error.code === 'not_found') return null;
      throw translate(error);
    }
  }

  async function openLog(home: string, name: string): Promise<{ fh: FileHandle; size: number }> {
    if (name.includes('/') || name === '.' || name === '..' || name.startsWith('.'))
      throw new SiteLogError('refused', 'not a log name');
    const root = await logsRoot(home);
    if (!root) throw new SiteLogError('not_found', 'no logs folder');
    let fh: FileHandle;
    try {
      const c = await confine(root, [name]);
      if (!c.stat) throw new SiteLogError('not_found', `no log ${name}`);
      if (c.stat.isSymbolicLink()) throw new SiteLogError('refused', `${name} is a link`);
      fh = await openConfined(c, constants.O_RDONLY);
    } catch (error) {
      throw translate(error);
    }
    const st = await fh.stat();
    if (!st.isFile()) {
      await fh.close();
      throw new SiteLogError('refused', `${name} is not a regular file`);
    }
    return { fh, size: st.size };
  }

  async function withLog<T>(
    home: string,
    name: string,
    fn: (fh: FileHandle, size: number) => Promise<T>,
  ): Promise<T> {
    const { fh, size } = await openLog(home, name);
    try {
      return await fn(fh, size);
    } finally {
      await fh.close();
    }
  }

  return {
    async list(home) {
      const root = await logsRoot(home);
      if (!root) return [];
      const out: LogEntry[] = [];
      for (const name of await readdir(root)) {
        const st = await lstat(join(root, name)).catch(() => null);
        if (st?.isFile()) out.push({ name, size: st.size, modified: st.mtimeMs });
      }
      return out;
    },
    stat: (home, name) =>
      withLog(home, name, async (fh, size) => ({
        name,
        size,
        modified: (await fh.stat()).mtimeMs,
      })),
    page: (home, name, page, pageLines) =>
      withLog(home, name, (fh, size) =>
        readPageBackwards(fh, size, page, pageLines, options.lineMaxBytes),
      ),
    filter: (home, name, filter, max) =>
      withLog(home, name, (fh) =>
        filterStream(
          fh.createReadStream({ autoClose: false, highWaterMark: 256 * 1024 }),
          lineMatcher(filter),
          max,
          options.lineMaxBytes,
        ),
      ),
    async open(home, name) {
      const { fh, size } = await openLog(home, name);
      if (size === 0) {
        await fh.close();
        return { stream: Readable.from([]), size };
      }
      // The stream owns the handle from here: it closes it at the end or on an error.
      return { stream: fh.createReadStream({ start: 0, end: size - 1 }), size };
    },
    async rotate(home, keep) {
      const root = await logsRoot(home);
      return root ? rotateFolder(root, keep) : [];
    },
    async removeSite(home, site) {
      const root = await logsRoot(home);
      if (!root) return [];
      const mine = siteLogPattern(site);
      const names = (await readdir(root)).filter((n) => mine.test(n));
      for (const name of names)
        await unlink(join(root, name)).catch((e: unknown) => {
          if (!isCode(e, 'ENOENT')) throw e;
        });
      return names;
    },
  };
}

/** One site's logs and their generations: `shop.access.log`, `shop.error.log.2.gz`… */
function siteLogPattern(site: string): RegExp {
  const name = site.replace(/[^a-z0-9.-]/g, '').replace(/\./g, '\\.');
  return new RegExp(`^${name}\\.(access|error)\\.log(\\.[0-9]{1,3}(\\.gz)?)?$`);
}

function translate(error: unknown): unknown {
  if (error instanceof SiteLogError) return error;
  if (isAppError(error)) {
    if (error.code === 'not_found') return new SiteLogError('not_found', 'no such log');
    return new SiteLogError('refused', error.code);
  }
  if (isCode(error, 'ENOENT')) return new SiteLogError('not_found', 'no such log');
  return error;
}
