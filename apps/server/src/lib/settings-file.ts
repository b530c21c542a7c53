import { existsSync, readFileSync } from 'node:fs';

/**
 * An operator's optional JSON settings file (e.g. `<dataDir>/dns.json`), parsed; undefined when
 * there is none. Read once at start, so synchronously; the caller validates the shape.
 */
export function readSettingsFile(path: string): unknown {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}
