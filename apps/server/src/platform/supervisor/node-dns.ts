import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { loadServiceSettings } from './settings.ts';
import { readState, servicesDir, stateFile } from './state-file.ts';

/**
 * For the operator CLI, which does not start the node: the same PowerDNS the panel's DNS area
 * uses, when the node runs PowerDNS for this data dir and PDNS_API_URL is not set. Without it a
 * `domain:add` from the CLI would write BIND files while the panel serves PowerDNS.
 */
export async function withNodeDns(config: Config, env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  if (config.dns.pdnsApiUrl || !loadServiceSettings(config.profile, env).enabled) return config;
  const pdns = (await readState(stateFile(config.dataDir)))?.services.find((s) => s.name === 'pdns');
  const key = (await readFile(join(servicesDir(config.dataDir), 'pdns', 'api-key'), 'utf8').catch(() => '')).trim();
  if (!pdns || pdns.state === 'not-installed' || !key) return config;
  const url = `http://127.0.0.1:${loadServiceSettings(config.profile, env).dns.apiPort}`;
  return { ...config, dns: { ...config.dns, pdnsApiUrl: url, pdnsApiKey: key } };
}
