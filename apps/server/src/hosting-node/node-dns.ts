import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { loadServiceSettings } from './settings.ts';
import { readState, servicesDir, stateFile } from '../platform/supervisor/state-file.ts';

/**
 * For the operator CLI, which does not start the node: the same PowerDNS the panel's DNS area
 * uses, when the node runs PowerDNS for this data dir and PDNS_API_URL is not set. Without it a
 * `domain:add` from the CLI would write BIND files while the panel serves PowerDNS. The address
 * and key come from the pdns.conf the node wrote (the CLI may not share the panel's env).
 */
export async function withNodeDns(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Config> {
  if (config.dns.pdnsApiUrl || !loadServiceSettings(config.profile, env).enabled) return config;
  const pdns = (await readState(stateFile(config.dataDir)))?.services.find(
    (s) => s.name === 'pdns',
  );
  if (!pdns || pdns.state === 'not-installed') return config;
  const conf = await readFile(join(servicesDir(config.dataDir), 'pdns', 'pdns.conf'), 'utf8').catch(
    () => '',
  );
  const value = (key: string) => new RegExp(`^${key}=(.+)$`, 'm').exec(conf)?.[1]?.trim();
  const [port, key] = [value('webserver-port'), value('api-key')];
  if (!port || !key) return config;
  return {
    ...config,
    dns: { ...config.dns, pdnsApiUrl: `http://127.0.0.1:${port}`, pdnsApiKey: key },
  };
}
