// The file manager against the plain tools, each measured in the same run on the same files:
// (a) GET .../list of a folder of 100,000 files against `ls -f | wc -l`;
// (b) the zip job (POST .../zip, polled) against `zip -r` on a mixed tree, with the panel's RSS;
// (c) a multipart upload over loopback against a plain stream copy of the same bytes, with RSS.
// Sizes: BENCH_FM_MB (default 1000, for both the tree and the upload), BENCH_FM_FILES (100,000).
// Everything lives in a temp data dir that is deleted at the end.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { bigFile, manyFiles, MB, median, mixedTree, rss, watched } from './filemanager-data.ts';
import { fmt } from './lib.ts';
import { startPanel, type Panel } from './servers/panel.ts';
import { atRest } from './servers/settle.ts';

const SIZE_MB = Number(process.env.BENCH_FM_MB ?? 1000);
const FILES = Number(process.env.BENCH_FM_FILES ?? 100_000);
const run = promisify(execFile);

interface Server {
  port: number;
  token: string;
  home: string;
}

async function body(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

function client(s: Server) {
  const base = `http://127.0.0.1:${s.port}/api/bench.test/webhosting/filemanager`;
  const auth = { authorization: `Bearer ${s.token}` };
  // node:http rather than fetch: the client shares the 2 cores with the server and should cost little.
  const call = (
    method: string,
    path: string,
    payload?: object,
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const headers = payload ? { ...auth, 'content-type': 'application/json' } : auth;
      const req = request(
        `${base}${path}`,
        { method, headers },
        (res) =>
          void body(res).then((text) => resolve({ status: res.statusCode ?? 0, text }), reject),
      );
      req.once('error', reject).end(payload ? JSON.stringify(payload) : undefined);
    });
  return {
    list: (path: string) => call('GET', `/list?path=${encodeURIComponent(path)}`),
    async zip(dir: string, files: string[], zip: string): Promise<void> {
      const started = await call('POST', '/zip', { path: dir, files, zip });
      if (started.status !== 200) throw new Error(`zip failed: ${started.status} ${started.text}`);
      const { pid } = JSON.parse(started.text) as { pid: string };
      for (;;) {
        await new Promise((r) => setTimeout(r, 50));
        const busy = JSON.parse((await call('GET', `/zip/busy?pid=${pid}`)).text) as {
          busy: boolean;
          error: string | null;
        };
        if (busy.error) throw new Error(`zip job failed: ${busy.error}`);
        if (!busy.busy) return;
      }
    },
    async upload(dir: string, file: string, name: string): Promise<void> {
      const boundary = `----havenbench${Date.now()}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const length = head.length + statSync(file).size + tail.length;
      const req = request(`${base}/upload?path=${encodeURIComponent(dir)}`, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.once(
          'response',
          (res: IncomingMessage) =>
            void body(res).then((text) => resolve({ status: res.statusCode ?? 0, text }), reject),
        );
        req.once('error', reject);
      });
      await pipeline(async function* () {
        yield head;
        yield* createReadStream(file, { highWaterMark: 1 << 20 });
        yield tail;
      }, req);
      const res = await answer;
      if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text}`);
    },
  };
}

/** `BENCH_FM_PARTS=zip,upload` runs only those parts. */
const PARTS = (process.env.BENCH_FM_PARTS ?? 'list,zip,upload').split(',');

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

async function listing(s: Server, api: ReturnType<typeof client>): Promise<string[]> {
  const genStart = performance.now();
  manyFiles(join(s.home, 'httpdocs/many'), FILES);
  const gen = (performance.now() - genStart) / 1000;
  const ls = async () =>
    Number(
      (
        await run('sh', ['-c', 'ls -f | wc -l'], { cwd: join(s.home, 'httpdocs/many') })
      ).stdout.trim(),
    );
  let text = '';
  // The body is only read into a string while timed; parsing it is the client's work, done after.
  const panel = async () => {
    const res = await api.list('/httpdocs/many');
    if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
    text = res.text;
  };
  await ls();
  await panel();
  const lsRuns: number[] = [];
  const panelRuns: number[] = [];
  let lsCount = 0;
  for (let i = 0; i < 3; i++) {
    lsRuns.push(await timed(async () => (lsCount = await ls())));
    panelRuns.push(await timed(panel));
  }
  const seen = (JSON.parse(text) as { data: unknown[] }).data.length;
  const l = median(lsRuns);
  const p = median(panelRuns);
  return [
    `(a) listing ${FILES} files (made in ${fmt(gen)} s), warm cache, median of 3`,
    `  ls -f | wc -l: ${fmt(l * 1000, 0)} ms (${lsCount} lines incl. . and ..)`,
    `  GET .../list over loopback: ${fmt(p * 1000, 0)} ms for ${seen} entries, ${fmt(text.length / MB)} MB JSON (${fmt(p / l, 1)}x ls)`,
  ];
}

async function zipping(
  s: Server,
  api: ReturnType<typeof client>,
  pid: number,
  dataDir: string,
): Promise<string[]> {
  const httpdocs = join(s.home, 'httpdocs');
  const genStart = performance.now();
  const { files, bytes } = mixedTree(join(httpdocs, 'mixed'), SIZE_MB);
  const gen = (performance.now() - genStart) / 1000;
  const cmdZip = join(dataDir, 'cmd.zip');
  const direct = () =>
    run('zip', ['-q', '-r', '-n', '.jpg:.gz', cmdZip, 'mixed'], { cwd: httpdocs, maxBuffer: MB });
  const rest = rss(pid);
  const zipRuns: number[] = [];
  const panelRuns: number[] = [];
  let peak = rest;
  let sizes = { zip: 0, panel: 0 };
  for (let i = 0; i < 2; i++) {
    zipRuns.push(await timed(direct));
    const r = await watched(pid, () => api.zip('/httpdocs', ['mixed'], `round${i}.zip`));
    panelRuns.push(r.seconds);
    peak = Math.max(peak, r.peak);
    sizes = { zip: statSync(cmdZip).size, panel: statSync(join(httpdocs, `round${i}.zip`)).size };
    rmSync(cmdZip);
    rmSync(join(httpdocs, `round${i}.zip`));
  }
  const z = bytes / MB / Math.min(...zipRuns);
  const p = bytes / MB / Math.min(...panelRuns);
  return [
    `(b) zipping ${fmt(bytes / MB, 0)} MB in ${files} files (60 % text in 64 kB files, 30 % 1 MB .jpg, 10 % 10 MB .gz; made in ${fmt(gen)} s), best of 2`,
    `  zip -r -n .jpg:.gz (level 6, stores the same types as the panel): ${fmt(z)} MB/s, ${fmt(sizes.zip / MB)} MB zip`,
    `  panel zip job (POST .../zip, busy polled every 50 ms): ${fmt(p)} MB/s, ${fmt(sizes.panel / MB)} MB zip`,
    `  throughput ratio: ${fmt(p / z, 2)} (target >= 0.7) -> ${p / z >= 0.7 ? 'met' : 'NOT met'}`,
    `  panel RSS: ${fmt(rest, 0)} MB at rest, peak ${fmt(peak, 0)} MB while zipping (+${fmt(peak - rest, 0)} MB)`,
  ];
}

async function uploading(
  s: Server,
  api: ReturnType<typeof client>,
  pid: number,
  dataDir: string,
): Promise<string[]> {
  const src = join(dataDir, 'big.bin');
  bigFile(src, SIZE_MB);
  const copy = join(s.home, 'private/copy.bin');
  const rest = rss(pid);
  const plainRuns: number[] = [];
  const panelRuns: number[] = [];
  let peak = rest;
  for (let i = 0; i < 2; i++) {
    plainRuns.push(
      await timed(() =>
        pipeline(createReadStream(src, { highWaterMark: 1 << 20 }), createWriteStream(copy)),
      ),
    );
    rmSync(copy);
    const r = await watched(pid, () => api.upload('/private', src, 'big.bin'));
    panelRuns.push(r.seconds);
    peak = Math.max(peak, r.peak);
    if (statSync(join(s.home, 'private/big.bin')).size !== SIZE_MB * MB)
      throw new Error('upload size differs');
    rmSync(join(s.home, 'private/big.bin'));
  }
  const w = SIZE_MB / Math.min(...plainRuns);
  const p = SIZE_MB / Math.min(...panelRuns);
  return [
    `(c) uploading one ${SIZE_MB} MB file, best of 2`,
    `  plain stream copy of the same bytes (read + write, same disk): ${fmt(w)} MB/s`,
    `  multipart POST .../upload over loopback (client in the bench process): ${fmt(p)} MB/s, ratio ${fmt(p / w, 2)}`,
    `  panel RSS: ${fmt(rest, 0)} MB at rest, peak ${fmt(peak, 0)} MB while uploading (+${fmt(peak - rest, 0)} MB)`,
  ];
}

/** Each part on a fresh panel: a part's memory figures are its own, not what an earlier part left. */
async function onFreshPanel(
  dataDir: string,
  part: (
    s: Panel,
    api: ReturnType<typeof client>,
    pid: number,
    dataDir: string,
  ) => Promise<string[]>,
): Promise<string[]> {
  // BENCH_SERVER=<dir with dist/ and package.json>: another build, to alternate two (as api-mix).
  const server = process.env.BENCH_SERVER;
  const app = await startPanel(
    { HAVEN_UPLOAD_MAX_MB: String(SIZE_MB * 2 + 10) },
    server ? { server } : {},
  );
  try {
    await atRest(app.pid);
    const started = rss(app.pid);
    const lines = await part(app, client(app), app.pid, dataDir);
    return [
      `${lines[0]} (fresh panel, RSS at rest after start ${fmt(started, 0)} MB)`,
      ...lines.slice(1),
    ];
  } finally {
    await app.stop();
  }
}

export async function benchFilemanager(): Promise<string[]> {
  // Scratch files of the bench (the `zip` command's archive, the upload source) stay out of the panel's data dir.
  const dataDir = mkdtempSync(join(tmpdir(), 'haven-bench-fm-'));
  try {
    const out = [
      `loopback, 2 cores, BENCH_FM_MB=${SIZE_MB}, BENCH_FM_FILES=${FILES}, load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
    ];
    if (PARTS.includes('list')) out.push(...(await onFreshPanel(dataDir, listing)));
    if (PARTS.includes('zip')) out.push(...(await onFreshPanel(dataDir, zipping)));
    if (PARTS.includes('upload')) out.push(...(await onFreshPanel(dataDir, uploading)));
    return out;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
