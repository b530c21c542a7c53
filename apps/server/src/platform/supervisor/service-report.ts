import { processAlive } from './child.ts';
import type { ServiceStatus } from './service.ts';
import { readState, stateFile, supervisorAlive } from './state-file.ts';

function line(s: ServiceStatus, live: boolean): string {
  const name = s.name.padEnd(12);
  if (s.state === 'not-installed')
    return `${name} not installed   apt-get install ${s.package ?? '?'}`;
  if (!live || s.state === 'stopped' || (s.state === 'running' && !processAlive(s.pid ?? 0)))
    return `${name} stopped         ${s.address}`;
  const last = s.lastError ? `  last error: ${s.lastError}` : '';
  // A running service's error is of what it started beside itself (a domain's PHP master).
  if (s.state === 'running') return `${name} running         pid ${s.pid}  ${s.address}${last}`;
  return `${name} ${s.state.padEnd(15)} ${s.address}  restarts ${s.restarts}${last}`;
}

/** `haven services`: one line per service from the state the supervisor keeps in the data dir. */
export async function servicesReport(dataDir: string): Promise<string[]> {
  const path = stateFile(dataDir);
  const state = await readState(path);
  if (!state)
    return [
      `The hosting node has not run with this data dir (no ${path}); \`npm start\` runs it in the local profile.`,
    ];
  const live = supervisorAlive(state);
  const head = live
    ? `Supervised by Haven (pid ${state.supervisorPid}):`
    : 'Haven is not running: its services are stopped.';
  return [head, ...state.services.map((s) => `  ${line(s, live)}`)];
}
