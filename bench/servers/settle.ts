import { processes } from './cpu.ts';

/** CPU time in ms of a process and all its descendants (the services the panel starts). */
export function treeCpuMs(root: number): number {
  const stats = processes();
  const inTree = (pid: number): boolean => {
    for (let p = pid; p > 1; p = stats.get(p)?.ppid ?? 0) if (p === root) return true;
    return false;
  };
  let ms = 0;
  for (const [pid, s] of stats) if (inTree(pid)) ms += s.ms;
  return ms;
}

/**
 * Waits until the panel and the services it starts (nginx, PHP-FPM, rspamd ... and their first
 * reconcile) use under 10 % of a core for three seconds in a row, at most 90 s: with the load
 * begun at once, the first rounds measure the start competing for the 2 cores. One quiet second is
 * not enough: rspamd compiles its rules for ~15 s, starting a second or two after the panel
 * answers, and the first rounds would run at a third of the speed.
 */
export async function settle(pid: number): Promise<number> {
  const started = performance.now();
  let before = treeCpuMs(pid);
  let quiet = 0;
  while (quiet < 3 && performance.now() - started < 90_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuMs(pid);
    quiet = now - before < 100 ? quiet + 1 : 0;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/**
 * Waits for a fresh panel to settle and then 11 s more (V8's memory reducer starts about 8 s after
 * the load stops): "at rest" is the panel as it idles in production, not just after its start.
 */
export async function atRest(pid: number): Promise<void> {
  await settle(pid);
  await new Promise((resolve) => setTimeout(resolve, 11_000));
}
