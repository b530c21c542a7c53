import { PassThrough, Transform, pipeline, type Readable, type Writable } from 'node:stream';

/**
 * A body written into a destination rather than read from: a source that reuses its buffers
 * (see `process-output.ts`) may only hand them to a writer whose callback says when it is done
 * with them. `pipeTo` resolves when everything was written and the producer ended well; it
 * rejects (leaving the destination for the caller to destroy) when the producer failed.
 */
export interface ByteSource {
  pipeTo: (out: Writable) => Promise<void>;
  /** Stops the producer (the client went away). */
  cancel: () => void;
}

export function isByteSource(value: unknown): value is ByteSource {
  return typeof value === 'object' && value !== null && typeof (value as ByteSource).pipeTo === 'function';
}

/** Wraps an ordinary stream (tests, small bodies) as a source. */
export function byteSourceOf(stream: Readable): ByteSource {
  return {
    pipeTo: (out) =>
      new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.once('end', resolve);
        stream.pipe(out, { end: false });
      }),
    cancel: () => stream.destroy(),
  };
}

/** A source as a plain stream, for readers that keep chunks (tests, restores). */
export function readableOf(source: ByteSource): Readable {
  const out = new PassThrough();
  // Chunks go through a copying writer: the source may reuse its buffers once written.
  const copying = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, Buffer.from(chunk));
    },
  });
  pipeline(copying, out, () => {});
  source.pipeTo(copying).then(
    () => copying.end(),
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
