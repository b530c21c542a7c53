import type { FileHandle } from 'node:fs/promises';

const BATCH = 1 << 20;

/** Writes all of `bytes` at `position`, however many writes that takes. */
async function writeAt(
  out: FileHandle,
  bytes: Uint8Array,
  length: number,
  position: number,
): Promise<void> {
  let offset = 0;
  while (offset < length) {
    const { bytesWritten } = await out.write(bytes, offset, length - offset, position + offset);
    offset += bytesWritten;
  }
}

/**
 * An append-only file writer that gathers small pieces into one reused 1 MB buffer and can
 * still rewrite bytes it wrote earlier (a zip's local header, once the sizes are known).
 */
export class PositionedOutput {
  private readonly batch = Buffer.allocUnsafe(BATCH);
  private filled = 0;
  /** Bytes already in the file; the batch starts here. */
  private flushed = 0;

  constructor(private readonly out: FileHandle) {}

  /** Bytes appended so far: where the next append lands. */
  get position(): number {
    return this.flushed + this.filled;
  }

  /** Appends `bytes`; the caller may reuse them as soon as this resolves. */
  async append(bytes: Uint8Array): Promise<void> {
    if (this.filled + bytes.length > BATCH) await this.flush();
    if (bytes.length >= BATCH) {
      await writeAt(this.out, bytes, bytes.length, this.flushed);
      this.flushed += bytes.length;
      return;
    }
    this.batch.set(bytes, this.filled);
    this.filled += bytes.length;
  }

  /** Rewrites bytes at `offset` (which must already have been appended). */
  async patch(offset: number, bytes: Uint8Array): Promise<void> {
    if (offset + bytes.length > this.position)
      throw new RangeError('patch beyond the written bytes');
    const inFile = Math.max(0, Math.min(bytes.length, this.flushed - offset));
    if (inFile > 0) await writeAt(this.out, bytes, inFile, offset);
    if (inFile < bytes.length)
      this.batch.set(bytes.subarray(inFile), offset + inFile - this.flushed);
  }

  async flush(): Promise<void> {
    await writeAt(this.out, this.batch, this.filled, this.flushed);
    this.flushed += this.filled;
    this.filled = 0;
  }
}
