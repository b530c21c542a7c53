import { webhosting as w } from '@haven/contract';
import type { Bind } from '../../model/routes.ts';
import type { IniService } from './ini.service.ts';
import type { ProtectedDirService } from './protected-dir.service.ts';
import type { SubdomainService } from './subdomain.service.ts';
import type { WebUserService } from './webuser.service.ts';

export interface WebhostingServices {
  subdomains: SubdomainService;
  ini: IniService;
  webusers: WebUserService;
  dirs: ProtectedDirService;
}

export function webhostingRoutes(bind: Bind, s: WebhostingServices): void {
  bind(w.listSubdomains, async ({ domain }) => ({ subdomains: await s.subdomains.list(domain) }));
  bind(w.getSubdomain, async ({ domain, params }) => s.subdomains.get(domain, params.sub));
  bind(w.createSubdomain, async ({ domain, body }) => s.subdomains.create(domain, body));
  bind(w.updateSubdomain, async ({ domain, params, body }) =>
    s.subdomains.update(domain, params.sub, body),
  );
  bind(w.deleteSubdomain, async ({ domain, params }) => {
    await s.subdomains.remove(domain, params.sub);
    return { deleted: true as const };
  });
  bind(w.getPhpVersions, async ({ domain, params }) => {
    await s.subdomains.get(domain, params.sub);
    return { versions: await s.subdomains.phpVersions(domain) };
  });
  bind(w.getIniAvailable, async ({ domain, params }) => {
    await s.subdomains.get(domain, params.sub);
    return { available: s.ini.available() };
  });
  bind(w.getIni, async ({ domain, params }) => ({ ini: await s.ini.get(domain, params.sub) }));
  bind(w.setIni, async ({ domain, params, body }) => ({
    ini: await s.ini.set(domain, params.sub, body.ini),
  }));

  bind(w.listWebUsers, async ({ domain }) => ({ webusers: await s.webusers.list(domain) }));
  bind(w.getWebUser, async ({ domain, params }) => s.webusers.get(domain, params.name));
  bind(w.createWebUser, async ({ domain, body }) => s.webusers.create(domain, body));
  bind(w.updateWebUser, async ({ domain, params, body }) =>
    s.webusers.changePassword(domain, params.name, body.password),
  );
  bind(w.deleteWebUser, async ({ domain, params }) => {
    await s.webusers.remove(domain, params.name);
    return { deleted: true as const };
  });

  bind(w.listProtectedDirectories, async ({ domain }) => ({
    directories: await s.dirs.list(domain),
  }));
  bind(w.getProtectedDirectory, async ({ domain, params }) => s.dirs.get(domain, params.dir));
  bind(w.createProtectedDirectory, async ({ domain, body }) => s.dirs.create(domain, body));
  bind(w.deleteProtectedDirectory, async ({ domain, params }) => {
    await s.dirs.remove(domain, params.dir);
    return { deleted: true as const };
  });
  bind(w.listProtectedUsers, async ({ domain, params }) => ({
    users: await s.dirs.users(domain, params.dir),
  }));
  bind(w.createProtectedUser, async ({ domain, params, body }) =>
    s.dirs.addUser(domain, params.dir, body),
  );
  bind(w.updateProtectedUser, async ({ domain, params, body }) =>
    s.dirs.changePassword(domain, params.dir, params.username, body.password),
  );
  bind(w.deleteProtectedUser, async ({ domain, params }) => {
    await s.dirs.removeUser(domain, params.dir, params.username);
    return { deleted: true as const };
  });
}
