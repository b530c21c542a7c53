import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipWriter, type ZipWriterOptions } from './zip-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'haven-zipw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = Buffer.from(
  Array.from({ length: 120_000 }, (_, i) => `<?php echo "line ${i % 311}"; // ${i}\n`).join(''),
);
const noise = randomBytes(1_500_000);
const mtime = new Date('2025-06-07T08:09:10Z');

async function build(
  name: string,
  options: ZipWriterOptions,
  files: Record<string, Buffer>,
): Promise<string> {
  const path = join(dir, name);
  const out = await open(path, 'wx');
  const zip = new ZipWriter(out, options);
  await zip.directory('site', { mtime, mode: 0o040755 });
  for (const [entry, bytes] of Object.entries(files)) {
    writeFileSync(join(dir, 'src'), bytes);
    const input = await open(join(dir, 'src'), 'r');
    await zip.file(entry, input, {
      mtime,
      mode: 0o100640,
      size: bytes.length,
      compress: !entry.endsWith('.bin'),
    });
    await input.close();
  }
  const size = await zip.finish();
  await out.close();
  expect(statSync(path).size).toBe(size);
  return path;
}

async function readBack(path: string): Promise<Map<string, { data: Buffer; mode: number }>> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, validateEntrySizes: true });
  const found = new Map<string, { data: Buffer; mode: number }>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          found.set(entry.fileName, {
            data: Buffer.concat(chunks),
            mode: entry.externalFileAttributes >>> 16,
          });
          zip.readEntry();
        });
        stream.on('error', reject);
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return found;
}

const files = {
  'site/empty.txt': Buffer.alloc(0),
  'site/small.php': Buffer.from('<?php phpinfo();\n'),
  'site/long.php': text, // several 1 MB chunks: one deflate stream across them
  'site/photo.bin': noise, // stored
};

describe.each(['auto', 'always'] as const)('ZipWriter (zip64 %s)', (zip64) => {
  it('writes an archive unzip and yauzl read back byte for byte, with modes and times', async () => {
    const path = await build(`a-${zip64}.zip`, { zip64 }, files);
    expect(execFileSync('unzip', ['-tq', path], { encoding: 'utf8' })).toMatch(
      /No errors detected/,
    );
    const back = await readBack(path);
    expect([...back.keys()].sort()).toEqual(['site/', ...Object.keys(files)].sort());
    for (const [name, bytes] of Object.entries(files))
      expect(back.get(name)?.data.equals(bytes), name).toBe(true);
    expect(back.get('site/')?.mode).toBe(0o040755);
    expect(back.get('site/small.php')?.mode).toBe(0o100640);
    const listing = execFileSync('zipinfo', ['-v', path], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC' },
    });
    expect(listing).toMatch(/UT extra field modtime\): 2025 Jun +7 08:09:10/);
    expect(listing).toContain('Unix file attributes (100640 octal)');
    if (zip64 === 'always') expect(listing).toContain('PKWARE 64-bit sizes');
    else expect(listing).not.toContain('PKWARE 64-bit sizes');
  });
});

it('compresses a file read in chunks as well as one deflate of the whole', async () => {
  const path = await build('ratio.zip', {}, { 'long.php': text });
  const single = execFileSync('gzip', ['-6c'], { input: text, maxBuffer: 1 << 26 }).length;
  expect(statSync(path).size).toBeLessThan(single * 1.02 + 400);
  expect(readFileSync(path).subarray(0, 4).readUInt32LE(0)).toBe(0x04034b50);
});

it('stops between chunks when its signal aborts and leaves no unhandled read behind', async () => {
  const out = await open(join(dir, 'aborted.zip'), 'wx');
  writeFileSync(join(dir, 'big'), text);
  const input = await open(join(dir, 'big'), 'r');
  const controller = new AbortController();
  const zip = new ZipWriter(out);
  const run = zip.file(
    'big',
    input,
    { mtime, mode: 0o100644, size: text.length, compress: true },
    () => controller.abort(),
    controller.signal,
  );
  await expect(run).rejects.toThrow(/abort/i);
  await input.close();
  await out.close();
});
