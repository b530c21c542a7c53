import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DomainSite } from '../../src/platform/web-server/web-server.port.ts';

/** A one-subdomain (`www`) PHP site of `name`, its home under `<dir>/homes`, as the adapters take it. */
export function phpSite(
  dir: string,
  id: number,
  name: string,
  php: string | null,
  ini: Record<string, string> = {},
): DomainSite {
  return {
    domainId: id,
    domain: name,
    home: join(dir, 'homes', name),
    owner: null,
    subdomains: [
      {
        name: 'www',
        hostnames: [`www.${name}`, name],
        docroot: join(dir, 'homes', name, 'httpdocs'),
        php,
        ini,
        protectedDirs: [],
      },
    ],
  };
}

/** Makes the site's home (its logs folder and document root) with `files` in the document root. */
export async function makeSiteHome(
  dir: string,
  name: string,
  files: Record<string, string>,
): Promise<void> {
  const docroot = join(dir, 'homes', name, 'httpdocs');
  await mkdir(join(dir, 'homes', name, 'logs'), { recursive: true });
  await mkdir(docroot, { recursive: true });
  for (const [file, content] of Object.entries(files))
    await writeFile(join(docroot, file), content);
}
