import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatePassword } from '@haven/contract';
import type { AppContext } from '../compose.ts';

export const DEMO = {
  customer: 'Bakkerij De Vries',
  email: 'eigenaar@bakkerijdevries.test',
  domain: 'bakkerijdevries.test',
  second: 'devries-taarten.test',
  username: 'beheer',
} as const;

export interface DemoLogin {
  domain: string;
  username: string;
  password: string;
  file: string;
}

/** Seeds the demo customer into an empty panel (local profile, first start) and says its login. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<DemoLogin | null> {
  const op = ctx.operator;
  if ((await op.customerCount()) > 0) return null;
  const password = generatePassword(16);
  const customerId = await op.createCustomer(DEMO.customer, DEMO.email);
  await op.addDomain(customerId, DEMO.domain, {
    package: 'HOSTING',
    premium: false,
    instap: false,
  });
  await op.addDomain(customerId, DEMO.second, { package: 'DOMAIN' });
  await op.addIdentity({
    domain: DEMO.domain,
    username: DEMO.username,
    type: 'HOSTING',
    password,
    name: 'Anna de Vries',
    email: DEMO.email,
    primary: true,
  });
  await op.addIdentity({
    domain: DEMO.second,
    username: DEMO.username,
    type: 'DOMAIN',
    password: generatePassword(16),
    name: 'Anna de Vries',
    email: DEMO.email,
    primary: true,
  });
  await op.addNotification({
    type: 'info',
    nl: 'Welkom in het nieuwe controlepaneel. Alles wat je hier doet, gebeurt echt.',
    en: 'Welcome to the new control panel. Everything you do here happens for real.',
  });
  await op.addNotification({
    domain: DEMO.domain,
    type: 'warning',
    nl: 'Gepland onderhoud aan de webserver: zondag tussen 02:00 en 04:00 uur.',
    en: 'Planned web server maintenance: Sunday between 02:00 and 04:00.',
    days: 30,
  });
  await ctx.seedDemo(DEMO.domain);
  const file = join(ctx.config.dataDir, 'demo-login.txt');
  writeFileSync(
    file,
    `domain: ${DEMO.domain}\nusername: ${DEMO.username}\npassword: ${password}\n`,
    { mode: 0o600 },
  );
  return { domain: DEMO.domain, username: DEMO.username, password, file };
}
