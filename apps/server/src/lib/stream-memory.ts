const EVERY_BYTES = 8 * 1024 * 1024;

/**
 * For long streams whose chunks Node allocates itself (an upload's socket reads, a zip's
 * deflater): each chunk's memory lives outside V8's heap and is freed only when a garbage
 * collection finds its small wrapper dead, and V8 waits for ~64 MB of such memory before it
 * collects. Streaming 1 GB then holds ~55 MB of dead chunks at any time. When the panel runs
 * with `--expose-gc` (its start script), a young-generation collection every 8 MB streamed
 * (well under a millisecond with a 4 MB young generation) keeps that near 8 MB. Without the
 * flag (tests, `npm run dev`) this does nothing.
 */
export function streamMemoryHint(): (bytes: number) => void {
  let since = 0;
  return (bytes) => {
    since += bytes;
    if (since < EVERY_BYTES) return;
    since = 0;
    globalThis.gc?.({ type: 'minor' });
  };
}

