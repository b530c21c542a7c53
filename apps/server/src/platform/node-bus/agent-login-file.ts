import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.ts';

/** What `haven agent --enrol` saves and `haven agent` connects with (docs/nodes.md). */
export interface AgentLogin {
  node: string;
  roles: string[];
  servers: string[];
  user: string;
  password: string;
  /** The CA file of the servers' TLS certificates, saved beside the login; null: none. */
  caFile: string | null;
}

const LOGIN = 'nats-login.json';
const CA = 'nats-ca.pem';

/** Saves the login (and the CA handed with it) in the agent's folder, readable by its user only. */
export async function saveAgentLogin(
  dir: string,
  login: Omit<AgentLogin, 'caFile'>,
  ca: string | null,
): Promise<AgentLogin> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const caFile = ca === null ? null : join(dir, CA);
  if (caFile && ca !== null) await writeFileAtomic(caFile, ca, 0o600);
  const saved: AgentLogin = { ...login, caFile };
  await writeFileAtomic(join(dir, LOGIN), `${JSON.stringify(saved, null, 1)}\n`, 0o600);
  return saved;
}

/** The saved login, or null before the node enrolled. */
export async function loadAgentLogin(dir: string): Promise<AgentLogin | null> {
  try {
    return JSON.parse(await readFile(join(dir, LOGIN), 'utf8')) as AgentLogin;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
