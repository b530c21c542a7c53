import type { FileHandle } from 'node:fs/promises';
import { PositionedOutput } from '../../lib/positioned-output.ts';
import { youngCollector } from '../../lib/young-collect.ts';

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
 * Writes every chunk of `source` to an open file; returns the byte count. Small chunks (64 kB
 * from an upload, 16 kB from an unzip) are gathered into 1 MB writes by `PositionedOutput`: one
 * thread-pool round trip per megabyte instead of one per chunk. The chunks written go back every
 * few megabytes (`youngCollector`), not after tens.
 */
export async function writeAll(
  out: FileHandle,
  source: AsyncIterable<Uint8Array | string>,
  signal?: AbortSignal,
): Promise<number> {
  const output = new PositionedOutput(out);
  const written = youngCollector();
  for await (const chunk of source) {
    signal?.throwIfAborted();
    await output.append(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    written(chunk.length);
  }
  await output.flush();
  return output.position;
}
