import type { FileHandle } from 'node:fs/promises';
import { writeAt } from '../../lib/positioned-output.ts';
import { streamMemoryHint } from '../../lib/stream-memory.ts';

/*
 * Why not handle.createReadStream/createWriteStream({ autoClose: false })? Such streams never
 * emit 'close', so pipeline() waits forever and handle.close() waits for them too. These two
 * helpers keep the handle open for chmod/chown afterwards and still stream in bounded chunks.
 */

const CHUNK = 1 << 20;

/** The bytes of an open file, one chunk at a time (memory stays flat). */
export async function* readChunks(input: FileHandle, signal?: AbortSignal): AsyncGenerator<Buffer> {
  let position = 0;
  for (;;) {
    signal?.throwIfAborted();
    const buffer = Buffer.allocUnsafe(CHUNK);
    const { bytesRead } = await input.read(buffer, 0, CHUNK, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/**
 * Writes every chunk of `source` to an open file; returns the byte count. Small chunks (16 kB
 * from a deflater, 64 kB from an upload) are gathered into one reused 1 MB buffer first: one
 * write per megabyte instead of one thread-pool round trip per chunk.
 */
export async function writeAll(out: FileHandle, source: AsyncIterable<Uint8Array | string>, signal?: AbortSignal): Promise<number> {
  const batch = Buffer.allocUnsafe(CHUNK);
  const hint = streamMemoryHint();
  let filled = 0;
  let total = 0;
  const flush = async () => {
    await writeAt(out, batch, filled, total);
    total += filled;
    filled = 0;
  };
  for await (const chunk of source) {
    signal?.throwIfAborted();
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    hint(bytes.length);
    if (filled + bytes.length > CHUNK) await flush();
    if (bytes.length >= CHUNK) {
      await writeAt(out, bytes, bytes.length, total);
      total += bytes.length;
    } else {
      batch.set(bytes, filled);
      filled += bytes.length;
    }
  }
  await flush();
  return total;
}
