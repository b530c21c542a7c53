import type { FileHandle } from 'node:fs/promises';

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

/** Writes every chunk of `source` to an open file; returns the byte count. */
export async function writeAll(out: FileHandle, source: AsyncIterable<Uint8Array | string>, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for await (const chunk of source) {
    signal?.throwIfAborted();
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await out.write(bytes, offset, bytes.length - offset, total + offset);
      offset += bytesWritten;
    }
    total += bytes.length;
  }
  return total;
}
