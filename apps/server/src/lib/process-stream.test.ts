import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { spawnStream } from './process-stream.ts';

describe('spawnStream', () => {
  it('streams stdout and reports the exit with stderr, without a shell', async () => {
    const p = spawnStream('sh', ['-c', 'printf "a;b"; echo oops >&2; exit 3'], { timeoutMs: 5000 });
    expect(await text(p.stdout)).toBe('a;b');
    expect(await p.exit).toMatchObject({ code: 3, stderr: 'oops\n', timedOut: false });
    const literal = spawnStream('echo', ['$(id)', '; ls'], { timeoutMs: 5000 });
    expect(await text(literal.stdout)).toBe('$(id) ; ls\n');
  });

  it('kills a process that runs past its timeout, or whose reader aborts', async () => {
    const slow = spawnStream('sleep', ['10'], { timeoutMs: 100 });
    expect(await slow.exit).toMatchObject({ code: null, signal: 'SIGTERM', timedOut: true });
    const controller = new AbortController();
    const aborted = spawnStream('sleep', ['10'], { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    expect(await aborted.exit).toMatchObject({ signal: 'SIGTERM', timedOut: false });
  });

  it('rejects exit when the command does not exist', async () => {
    const p = spawnStream('/nonexistent/haven-tool', [], { timeoutMs: 1000 });
    await expect(p.exit).rejects.toThrow(/could not be started/);
  });
});
