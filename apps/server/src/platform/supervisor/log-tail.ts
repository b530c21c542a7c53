import { open, readlink } from 'node:fs/promises';

/** The last non-empty line of a log file (what a failing service said last), or ''. */
export async function lastLine(path: string, maxBytes = 2048): Promise<string> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return '';
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = buffer
      .toString('utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    return (lines.at(-1) ?? '').slice(0, 300);
  } finally {
    await handle.close();
  }
}

/** The executable a live process runs (Linux /proc), or null. */
export async function executable(pid: number): Promise<string | null> {
  return readlink(`/proc/${pid}/exe`).catch(() => null);
}
