import { run, type RunOptions, type RunResult } from '../../src/lib/process.ts';

/**
 * Hosts for tests that need several machines: each is a network namespace joined to this host by
 * a veth pair on its own /30 of 10.231.0.0/16, made by the test and removed by `remove()` (and by
 * `removeStale()` when an earlier run was killed). Root only; the caller skips without it.
 */
export interface TestHost {
  /** The namespace's name (`haven-<pid>-<n>`). */
  name: string;
  /** This host's address on the pair: where services the namespace reaches listen. */
  hostAddress: string;
  /** The namespace's own address. */
  address: string;
  /** Runs argv inside the namespace (`ip netns exec`). */
  exec(argv: readonly string[], options?: RunOptions): Promise<RunResult>;
  /** The argv prefix that starts a long-running process inside the namespace. */
  wrap(argv: readonly string[]): string[];
  remove(): Promise<void>;
}

const PREFIX = 'haven-';
let made = 0;

async function ip(args: readonly string[]): Promise<RunResult> {
  const r = await run('ip', args, { timeoutMs: 10_000 });
  if (r.code !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr.trim()}`);
  return r;
}

/** The /30 subnets' third octets already on an interface here (another run's hosts). */
async function usedSubnets(): Promise<Set<number>> {
  const out = (await ip(['-o', '-4', 'addr', 'show'])).stdout;
  const used = new Set<number>();
  for (const m of out.matchAll(/inet 10\.231\.(\d+)\./g)) used.add(Number(m[1]));
  return used;
}

/** Makes a namespace with loopback up and a veth pair to this host. */
export async function createTestHost(): Promise<TestHost> {
  made += 1;
  const name = `${PREFIX}${process.pid}-${made}`;
  // Interface names are at most 15 characters: the pid and a counter keep them unique per run.
  const hostIf = `hv${process.pid % 100_000}h${made}`;
  const nsIf = `hv${process.pid % 100_000}n${made}`;
  const used = await usedSubnets();
  let octet = 1 + ((process.pid + made) % 250);
  while (used.has(octet)) octet = (octet % 250) + 1;
  const hostAddress = `10.231.${octet}.1`;
  const address = `10.231.${octet}.2`;
  await ip(['netns', 'add', name]);
  try {
    await ip(['link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf]);
    await ip(['link', 'set', nsIf, 'netns', name]);
    await ip(['addr', 'add', `${hostAddress}/30`, 'dev', hostIf]);
    await ip(['link', 'set', hostIf, 'up']);
    await ip(['netns', 'exec', name, 'ip', 'addr', 'add', `${address}/30`, 'dev', nsIf]);
    await ip(['netns', 'exec', name, 'ip', 'link', 'set', nsIf, 'up']);
    await ip(['netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up']);
  } catch (error) {
    await removeHost(name, hostIf);
    throw error;
  }
  return {
    name,
    hostAddress,
    address,
    exec: (argv, options) => run('ip', ['netns', 'exec', name, ...argv], options),
    wrap: (argv) => ['ip', 'netns', 'exec', name, ...argv],
    remove: () => removeHost(name, hostIf),
  };
}

async function removeHost(name: string, hostIf: string): Promise<void> {
  // Deleting the namespace takes its end of the pair, and with it the host's end.
  await run('ip', ['netns', 'del', name], { timeoutMs: 10_000 });
  await run('ip', ['link', 'del', hostIf], { timeoutMs: 10_000 });
}

/** Removes namespaces left by runs whose process is gone (a test killed before its cleanup). */
export async function removeStale(): Promise<void> {
  const out = (await ip(['netns', 'list'])).stdout;
  for (const line of out.split('\n')) {
    const m = /^haven-(\d+)-\d+/.exec(line.trim());
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || isAlive(pid)) continue;
    await run('ip', ['netns', 'del', m[0]], { timeoutMs: 10_000 });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
