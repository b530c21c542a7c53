import zlib from 'node:zlib';

/**
 * One raw deflate stream reused for every entry of an archive: the compressor's state (~256 kB
 * of native memory) is made once per archive, not once per file, and its output comes in
 * slices of one 64 kB buffer. Each entry is fed chunk by chunk (a sync flush after each, so
 * everything fed is out) and ends with a finish, after which the stream is reset.
 */
export class ChunkDeflater {
  private readonly z: zlib.DeflateRaw;
  private parts: Buffer[] = [];
  private failure: Error | undefined;

  constructor(level: number) {
    this.z = zlib.createDeflateRaw({ level, chunkSize: 64 * 1024 });
    this.z.on('data', (part: Buffer) => this.parts.push(part));
    this.z.on('error', (error: Error) => (this.failure = error));
  }

  /** Compresses `data` (which must not change until this resolves); `last` ends the entry. */
  async chunk(data: Buffer, last: boolean): Promise<Buffer[]> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      this.z.once('error', fail);
      this.z.write(data);
      this.z.flush(last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH, () => {
        this.z.off('error', fail);
        resolve();
      });
    });
    const out = this.parts;
    this.parts = [];
    if (last) this.z.reset();
    return out;
  }

  close(): void {
    this.z.close();
  }
}
