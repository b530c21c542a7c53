import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';
import { processAlive } from './child.ts';
import type { ServiceStatus } from './service.ts';

/** What `haven services` reads: the supervisor's pid and each service's last known state. */
export interface SupervisorState {
  supervisorPid: number;
  updatedAt: number;
  services: ServiceStatus[];
}

export const servicesDir = (dataDir: string) => join(dataDir, 'services');
export const stateFile = (dataDir: string) => join(servicesDir(dataDir), 'state.json');

export async function writeState(path: string, state: SupervisorState): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o711 });
  await writeFileAtomic(path, `${JSON.stringify(state, null, 2)}\n`, 0o600);
}

export async function readState(path: string): Promise<SupervisorState | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    return JSON.parse(text) as SupervisorState;
  } catch {
    return null;
  }
}

/** Whether the process that wrote the state still runs (else its services are stopped or leftovers). */
export function supervisorAlive(state: SupervisorState): boolean {
  return processAlive(state.supervisorPid);
}
