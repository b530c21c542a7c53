import { connect, createServer, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { ByteSource } from './byte-source.ts';
import { spawnInto, type ProcessExit, type StreamOptions } from './process-stream.ts';

const CHUNK = 64 * 1024;
const POOL = 8;

export interface ProcessOutput extends ByteSource {
  exit: Promise<ProcessExit>;
  /** True once the first bytes are there; false when the process closed its output without any. */
  firstOutput: Promise<boolean>;
}

/**
 * Runs a command whose output is large (a database dump) and hands it to a writer through a
 * few reused 64 kB buffers. A child's stdout read the ordinary way allocates a fresh buffer per
 * read that only a garbage collection frees, and V8 waits for ~64 MB of such memory before it
 * collects: a 1 GB dump then costs the panel ~70 MB. Here the child writes into one end of a
 * private unix socket and the panel reads the other end with `onread` into its own pool; a buffer
 * goes back to the pool when the writer's callback says it was written. Same bytes, flat memory.
 */
export async function startProcessOutput(command: string, args: readonly string[], options: StreamOptions): Promise<ProcessOutput> {
  const free: Buffer[] = Array.from({ length: POOL }, () => Buffer.allocUnsafeSlow(CHUNK));
  const held: { buf: Buffer; n: number }[] = [];
  let out: Writable | undefined;
  let inFlight = 0;
  let paused = false;
  let ended = false;
  let failed: Error | undefined;
  let gotFirst: (value: boolean) => void = () => {};
  const firstOutput = new Promise<boolean>((resolve) => (gotFirst = resolve));
  let finish: { resolve: () => void; reject: (error: Error) => void } | undefined;

  const settle = () => {
    if (!finish) return;
    if (failed) finish.reject(failed);
    else if (ended && inFlight === 0 && held.length === 0) finish.resolve();
    else return;
    finish = undefined;
  };
  const write = (buf: Buffer, n: number, target: Writable) => {
    inFlight += 1;
    target.write(buf.subarray(0, n), (error) => {
      inFlight -= 1;
      free.push(buf);
      if (error && !failed) failed = error;
      if (paused && !ended && !failed) {
        paused = false;
        reader.resume();
      }
      settle();
    });
  };

  const { reader, writer } = await socketPair({
    buffer: () => free.pop() ?? Buffer.allocUnsafeSlow(CHUNK),
    callback: (n, buf) => {
      gotFirst(true);
      if (!out) {
        // Nobody to write to yet: keep this chunk and wait for pipeTo.
        held.push({ buf: buf as Buffer, n });
        paused = true;
        return false;
      }
      write(buf as Buffer, n, out);
      paused = free.length === 0;
      return !paused;
    },
  });
  const stop = (error?: Error) => {
    if (error) failed ??= error;
    ended = true;
    gotFirst(false);
    settle();
  };
  reader.once('end', () => stop());
  reader.once('error', stop);
  // Destroyed (cancel, or the process could not start) without an end: nothing more comes.
  reader.once('close', () => stop());

  const proc = spawnInto(command, args, options, writer);
  // The child has its own copy now; ours must close or the reader never sees the end.
  writer.destroy();
  proc.exit.catch((error: unknown) => {
    stop(error instanceof Error ? error : new Error(String(error)));
    reader.destroy();
  });

  return {
    exit: proc.exit,
    firstOutput,
    cancel: () => {
      proc.kill();
      reader.destroy();
    },
    pipeTo: (target) =>
      new Promise<void>((resolve, reject) => {
        finish = { resolve, reject };
        out = target;
        for (const { buf, n } of held.splice(0)) write(buf, n, target);
        if (paused && free.length > 0) {
          paused = false;
          reader.resume();
        }
        settle();
      }),
  };
}

interface OnRead {
  buffer: () => Uint8Array;
  callback: (bytesWritten: number, buf: Uint8Array) => boolean;
}

/** Two connected sockets through a unix socket in a private temp dir (removed at once). */
async function socketPair(onread: OnRead): Promise<{ reader: Socket; writer: Socket }> {
  const dir = await mkdtemp(join(tmpdir(), 'haven-out-'));
  const server = createServer();
  try {
    const path = join(dir, 's');
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const reader = connect({ path, onread });
    await new Promise<void>((resolve, reject) => reader.once('connect', resolve).once('error', reject));
    const writer = await accepted;
    return { reader, writer };
  } finally {
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
