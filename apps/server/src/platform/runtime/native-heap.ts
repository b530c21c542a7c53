/** Gives the C heap's free pages back to the system; answers whether any were. */
export type TrimNativeHeap = () => boolean;

interface Koffi {
  load(path: string): { func(signature: string): (...args: number[]) => unknown };
}

/**
 * glibc keeps what the panel's native allocations freed (socket reads, compressors, SQLite's page
 * cache) in its heap, and cannot shrink a heap whose top is still in use: after the API burst 36 of
 * its 46 MB stayed, free, for good (docs/performance.md, session 15). `malloc_trim(0)` hands every
 * whole free page back (madvise). Node has no call for it; koffi, a maintained FFI library with
 * prebuilt binaries, reaches it in libc. Null without glibc (musl, macOS) or when koffi cannot load.
 */
export async function glibcTrim(): Promise<TrimNativeHeap | null> {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = ((await import('koffi')) as { default: Koffi }).default;
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () => trim(0) === 1;
  } catch {
    return null;
  }
}
