import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { run, type RunResult } from '../../src/lib/process.ts';
import type { TestHost } from './netns.ts';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
// Node 24 from the repository (the system's may be older); else the one running the tests.
const REPO_NODE = fileURLToPath(new URL('../../../../node_modules/.bin/node', import.meta.url));
const NODE = existsSync(REPO_NODE) ? REPO_NODE : process.execPath;

/** `haven agent ...` as argv, from the TypeScript source (no build needed). */
const agentArgv = (args: readonly string[]) => [NODE, '--import', 'tsx', CLI, 'agent', ...args];

/** `haven agent --enrol TOKEN --panel URL` inside a test host, to its exit. */
export function enrolInHost(
  host: TestHost,
  env: NodeJS.ProcessEnv,
  token: string,
  panelUrl: string,
): Promise<RunResult> {
  const [cmd = '', ...args] = host.wrap(agentArgv(['--enrol', token, '--panel', panelUrl]));
  return run(cmd, args, { env, cwd: SERVER, timeoutMs: 60_000 });
}

/** A running `haven agent` in a test host: its output so far, and a stop that waits for its exit. */
export interface AgentProcess {
  output(): string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); answers the exit code or signal. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | string | null>;
}

export function startAgentInHost(host: TestHost, env: NodeJS.ProcessEnv): AgentProcess {
  const [cmd = '', ...args] = host.wrap(agentArgv([]));
  // `ip netns exec` execs the command: the child's pid is the agent's, signals reach it.
  const child: ChildProcess = spawn(cmd, args, {
    env,
    cwd: SERVER,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return {
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
