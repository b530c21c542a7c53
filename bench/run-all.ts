// `npm run bench`: every benchmark, or the ones named: `npm run bench -- api-mix bundle`.
import { benchApiMix } from './api-mix.ts';
import { benchBundle } from './bundle-size.ts';
import { benchDatabasesDump } from './databases-dump.ts';
import { benchFilemanager } from './filemanager.ts';
import { benchFilemanagerPaint } from './filemanager-paint.ts';
import { benchDnsPaint } from './dns-paint.ts';
import { benchDnsZone } from './dns-zone.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchListPaint } from './list-paint.ts';
import { benchLogPages } from './log-pages.ts';
import { benchMailMaps } from './mail-maps.ts';
import { benchWebappInstall } from './webapp-install.ts';

const BENCHES: Record<string, () => Promise<string[]>> = {
  'api-mix': benchApiMix,
  bundle: benchBundle,
  'databases-dump': benchDatabasesDump,
  filemanager: benchFilemanager,
  'filemanager-paint': benchFilemanagerPaint,
  'dns-zone': benchDnsZone,
  'dns-paint': benchDnsPaint,
  'list-paint': benchListPaint,
  lighthouse: benchLighthouse,
  'log-pages': benchLogPages,
  'mail-maps': benchMailMaps,
  'webapp-install': benchWebappInstall,
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n# ${name}`);
  for (const line of await run()) console.log(line);
}
