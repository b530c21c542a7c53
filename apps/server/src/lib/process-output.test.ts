import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startProcessOutput } from './process-output.ts';

/** A writer that hashes what it gets, optionally slowly (each write completes later). */
function hashingWriter(delayMs = 0): { out: Writable; digest: () => string; bytes: () => number } {
  const hash = createHash('sha256');
  let bytes = 0;
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      if (delayMs) setTimeout(callback, delayMs);
      else callback();
    },
  });
  return { out, digest: () => hash.digest('hex'), bytes: () => bytes };
}

const script = (body: string) => ['-c', body];

describe('startProcessOutput', () => {
  it('hands over exactly the bytes the process wrote, also to a slow writer', async () => {
    // 3 MB of varied bytes: reused buffers must never show a later chunk's bytes early.
    const body = 'for i in $(seq 1 30000); do printf "%099d\\n" $i; done';
    const expected = createHash('sha256');
    const direct = await startProcessOutput('sh', script(body), { timeoutMs: 30_000 });
    const fast = hashingWriter();
    await direct.pipeTo(fast.out);
    expect((await direct.exit).code).toBe(0);
    expect(fast.bytes()).toBe(3_000_000);

    const slow = hashingWriter(1);
    const proc = await startProcessOutput('sh', script(body), { timeoutMs: 30_000 });
    await proc.pipeTo(slow.out);
    let reference = '';
    for (let i = 1; i <= 30000; i++) reference += `${String(i).padStart(99, '0')}\n`;
    expected.update(reference);
    const want = expected.digest('hex');
    expect(fast.digest()).toBe(want);
    expect(slow.digest()).toBe(want);
  });

  it('passes arguments literally, never through a shell, and stops a process past its timeout', async () => {
    const literal = await startProcessOutput('echo', ['$(id)', '; ls'], { timeoutMs: 5000 });
    const out = hashingWriter();
    await literal.pipeTo(out.out);
    expect(out.digest()).toBe(createHash('sha256').update('$(id) ; ls\n').digest('hex'));
    const slow = await startProcessOutput('sleep', ['10'], { timeoutMs: 100 });
    expect(await slow.exit).toMatchObject({ code: null, signal: 'SIGTERM', timedOut: true });
  });

  it('says when a process ends without output, and reports its exit', async () => {
    const proc = await startProcessOutput('sh', script('echo broken >&2; exit 3'), { timeoutMs: 10_000 });
    expect(await proc.firstOutput).toBe(false);
    const exit = await proc.exit;
    expect(exit.code).toBe(3);
    expect(exit.stderr).toContain('broken');
  });

  it('stops the process when cancelled and when its signal aborts', async () => {
    const proc = await startProcessOutput('sh', script('while true; do echo y; done'), { timeoutMs: 10_000 });
    expect(await proc.firstOutput).toBe(true);
    proc.cancel();
    expect((await proc.exit).signal).toBe('SIGTERM');

    const controller = new AbortController();
    const other = await startProcessOutput('sh', script('while true; do echo y; done'), { timeoutMs: 10_000, signal: controller.signal });
    const writing = other.pipeTo(hashingWriter().out);
    controller.abort();
    await writing;
    expect((await other.exit).signal).toBe('SIGTERM');
  });

  it('rejects when the writer fails, and a command that does not exist fails its exit', async () => {
    const proc = await startProcessOutput('sh', script('while true; do echo y; done'), { timeoutMs: 10_000 });
    const broken = new Writable({ write: (_chunk, _encoding, callback) => callback(new Error('client gone')) });
    broken.on('error', () => {});
    await expect(proc.pipeTo(broken)).rejects.toThrow('client gone');
    proc.cancel();
    const missing = await startProcessOutput('/nonexistent/command', [], { timeoutMs: 10_000 });
    expect(await missing.firstOutput).toBe(false);
    await expect(missing.exit).rejects.toThrow(/could not be started/);
    await expect(missing.pipeTo(hashingWriter().out)).rejects.toThrow(/could not be started/);
  });
});
