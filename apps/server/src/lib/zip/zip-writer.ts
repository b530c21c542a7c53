import type { FileHandle } from 'node:fs/promises';
import zlib from 'node:zlib';
import { ChunkDeflater } from './chunk-deflater.ts';
import { PositionedOutput } from '../positioned-output.ts';
import {
  centralHeader,
  endRecords,
  localHeader,
  MAX32,
  METHOD_DEFLATE,
  METHOD_STORE,
  type EntryRecord,
} from './zip-records.ts';

const CHUNK = 1 << 20;
/** Above this a file's local header gets zip64 sizes (room for deflate's worst-case growth). */
const ZIP64_LOCAL_FROM = 0xf0000000;

export interface ZipMeta {
  mtime: Date;
  mode: number;
}

export interface ZipWriterOptions {
  /** 'always' writes every size and offset the zip64 way (tests of the zip64 layout). */
  zip64?: 'auto' | 'always';
  level?: number;
}

/**
 * Writes a zip into an open file with flat memory: two reused 1 MB input buffers, one output
 * batch and one compressor for the whole archive; each 1 MB chunk is deflated on the thread
 * pool while the next is read. Local headers are written first and rewritten once CRC and
 * sizes are known (the output is a file, not a stream): no data descriptors.
 */
export class ZipWriter {
  private readonly out: PositionedOutput;
  private readonly entries: EntryRecord[] = [];
  private readonly inputs = [Buffer.allocUnsafe(CHUNK), Buffer.allocUnsafe(CHUNK)];
  private readonly deflater: ChunkDeflater;
  private readonly always: boolean;

  constructor(handle: FileHandle, options: ZipWriterOptions = {}) {
    this.out = new PositionedOutput(handle);
    this.always = options.zip64 === 'always';
    this.deflater = new ChunkDeflater(options.level ?? zlib.constants.Z_DEFAULT_COMPRESSION);
  }

  /** `name` without the trailing slash or with it. */
  async directory(name: string, meta: ZipMeta): Promise<void> {
    const entry = this.entry(name.endsWith('/') ? name : `${name}/`, METHOD_STORE, meta, 0);
    await this.out.append(localHeader(entry));
  }

  /**
   * Adds the first `size` bytes of `input` (fewer if it shrank meanwhile). `onBytes` hears each
   * chunk read, for progress; `signal` stops between chunks.
   */
  async file(
    name: string,
    input: FileHandle,
    meta: ZipMeta & { size: number; compress: boolean },
    onBytes?: (bytes: number) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const entry = this.entry(name, meta.compress ? METHOD_DEFLATE : METHOD_STORE, meta, meta.size);
    await this.out.append(localHeader(entry));
    const dataStart = this.out.position;
    let position = 0;
    let which = 0;
    const readAt = (buffer: Buffer, at: number) =>
      input
        .read(buffer, 0, Math.min(CHUNK, meta.size - at), at)
        .then(({ bytesRead }) => buffer.subarray(0, bytesRead));
    // A read still under way when compressing fails must not become an unhandled rejection.
    const start = (buffer: Buffer, at: number) => {
      const read = readAt(buffer, at);
      read.catch(() => undefined);
      return read;
    };
    let pending = start(this.inputs[which]!, 0);
    for (;;) {
      const data = await pending;
      signal?.throwIfAborted();
      position += data.length;
      const more = data.length > 0 && position < meta.size;
      if (more) {
        which ^= 1;
        pending = start(this.inputs[which]!, position);
      }
      entry.crc = zlib.crc32(data, entry.crc);
      if (meta.compress) {
        for (const part of await this.deflater.chunk(data, !more)) await this.out.append(part);
      } else {
        await this.out.append(data);
      }
      onBytes?.(data.length);
      if (!more) break;
    }
    entry.size = position;
    entry.compressed = this.out.position - dataStart;
    if (!entry.zip64Local && (entry.compressed >= MAX32 || entry.size >= MAX32))
      throw new RangeError('zip entry outgrew its header');
    await this.out.patch(entry.offset, localHeader(entry));
  }

  /** Writes the central directory; returns the archive's size. */
  async finish(): Promise<number> {
    const cdOffset = this.out.position;
    for (const entry of this.entries) await this.out.append(centralHeader(entry, this.always));
    const cdSize = this.out.position - cdOffset;
    await this.out.append(endRecords(this.entries.length, cdOffset, cdSize, this.always));
    await this.out.flush();
    this.close();
    return this.out.position;
  }

  /** Frees the compressor; `finish` does this too. */
  close(): void {
    this.deflater.close();
  }

  private entry(name: string, method: number, meta: ZipMeta, size: number): EntryRecord {
    const entry: EntryRecord = {
      name: Buffer.from(name, 'utf8'),
      method,
      mtime: meta.mtime,
      mode: meta.mode,
      crc: 0,
      compressed: 0,
      size,
      offset: this.out.position,
      zip64Local: this.always || size >= ZIP64_LOCAL_FROM,
    };
    this.entries.push(entry);
    return entry;
  }
}
