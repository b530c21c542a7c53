import { SINGLE_LINE, webhosting } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import { notFound, invalid, conflict, applyFailed } from './webhosting.errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { htpasswdHash, serviceProblems } from './credentials.ts';
import type { ProtectedDirsStore } from './protected-dirs.store.ts';
import { docrootOf, type OwnedFolder, type SiteSync, type Without } from './site.ts';
import { isUniqueViolation, type SubdomainsStore } from './subdomains.store.ts';
import type { Domain } from './webhosting.ports.ts';

const { DIR_USER_PATTERN, isDirPath, normalizeDirPath } = webhosting;
type ProtectedDirectory = webhosting.ProtectedDirectory;
type ProtectedUser = webhosting.ProtectedUser;

export interface ProtectedDirDeps {
  dirs: ProtectedDirsStore;
  subdomains: SubdomainsStore;
  site: SiteSync;
  /** The folder becomes the domain user's, so the subdomain's FTP user can write in it. */
  folder: OwnedFolder;
  clock: Clock;
  log: (obj: object, msg: string) => void;
}

/** Protected directories: nginx auth_basic on a path of a subdomain, users in an htpasswd file. */
export function createProtectedDirService(deps: ProtectedDirDeps) {
  const { dirs, site } = deps;

  async function dir(domain: Domain, id: number) {
    const d = await dirs.byId(domain.id, id);
    if (!d) throw notFound();
    return d;
  }

  async function user(domain: Domain, id: number, name: string) {
    const d = await dir(domain, id);
    const u = (await dirs.users(d.id)).find((x) => x.name === name);
    if (!u) throw notFound();
    return { d, u };
  }

  /** Applies the site; on a refusal undoes the rows and answers the catalogue's general error. */
  async function applyOrUndo(
    domain: Domain,
    undo: () => Promise<void>,
    without: Without = {},
  ): Promise<void> {
    try {
      await site.apply(domain, without);
    } catch (error) {
      deps.log(
        { err: error, domain: domain.name },
        'webhosting: applying a protected directory failed',
      );
      await undo();
      throw applyFailed('general_error', error);
    }
  }

  function checkUser(name: string, password: string): void {
    if (!DIR_USER_PATTERN.test(name)) throw invalid('invalid_username', { name: 'regex' });
    const problems = serviceProblems(password, name);
    if (problems.length > 0) throw invalid('invalid_password', { password: problems.join(',') });
  }

  return {
    async list(domain: Domain): Promise<ProtectedDirectory[]> {
      return (await dirs.list(domain.id)).map((d) => ({
        id: d.id,
        subdomain: d.subdomain,
        name: d.path,
        description: d.description,
        users: Number(d.users),
      }));
    },

    async get(
      domain: Domain,
      id: number,
    ): Promise<{ directory: ProtectedDirectory; users: ProtectedUser[] }> {
      const d = await dir(domain, id);
      const users = (await dirs.users(d.id)).map((u) => ({ name: u.name }));
      return {
        directory: {
          id: d.id,
          subdomain: d.subdomain,
          name: d.path,
          description: d.description,
          users: users.length,
        },
        users,
      };
    },

    async create(
      domain: Domain,
      input: { subdomain: string; name: string; description: string },
    ): Promise<ProtectedDirectory> {
      const sub = await deps.subdomains.byName(domain.id, input.subdomain.trim());
      if (!sub) throw invalid('unknown_subdomain', { subdomain: 'regex' });
      const path = normalizeDirPath(input.name);
      if (!isDirPath(path)) throw invalid('invalid_name', { name: 'regex' });
      const description = input.description.trim();
      if (description.length > 100 || !SINGLE_LINE.test(description))
        throw invalid('invalid_description', { description: 'regex' });
      // The folder is made inside the subdomain's document root; a link on the way is refused.
      try {
        await deps.folder(domain, `${docrootOf(sub.name)}/${path}`);
      } catch (error) {
        if (error instanceof AppError) throw invalid('invalid_name', { name: 'regex' });
        throw error;
      }
      let id: number;
      try {
        id = await dirs.insert({
          domain_id: domain.id,
          subdomain_id: sub.id,
          path,
          description,
          created_at: deps.clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('name_in_use');
        throw error;
      }
      await applyOrUndo(domain, () => dirs.remove(id).then(() => undefined));
      return { id, subdomain: sub.name, name: path, description, users: 0 };
    },

    async remove(domain: Domain, id: number): Promise<void> {
      const d = await dir(domain, id);
      await applyOrUndo(domain, async () => {}, { dir: d.id });
      await dirs.remove(d.id);
    },

    async users(domain: Domain, id: number): Promise<ProtectedUser[]> {
      const d = await dir(domain, id);
      return (await dirs.users(d.id)).map((u) => ({ name: u.name }));
    },

    async addUser(
      domain: Domain,
      id: number,
      input: { name: string; password: string },
    ): Promise<ProtectedUser> {
      const d = await dir(domain, id);
      const name = input.name.trim();
      checkUser(name, input.password);
      if ((await dirs.users(d.id)).some((u) => u.name === name)) throw conflict('user_exists');
      const hash = await htpasswdHash(input.password);
      try {
        await dirs.insertUser({
          dir_id: d.id,
          name,
          password_hash: hash,
          created_at: deps.clock.now(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('user_exists');
        throw error;
      }
      await applyOrUndo(domain, () => dirs.removeUser(d.id, name).then(() => undefined));
      return { name };
    },

    async changePassword(
      domain: Domain,
      id: number,
      name: string,
      password: string,
    ): Promise<ProtectedUser> {
      const { d, u } = await user(domain, id, name);
      checkUser(u.name, password);
      await dirs.setUserPassword(d.id, u.name, await htpasswdHash(password));
      await applyOrUndo(domain, () =>
        dirs.setUserPassword(d.id, u.name, u.password_hash).then(() => undefined),
      );
      return { name: u.name };
    },

    async removeUser(domain: Domain, id: number, name: string): Promise<void> {
      const { d, u } = await user(domain, id, name);
      await applyOrUndo(domain, async () => {}, { user: { dir: d.id, name: u.name } });
      await dirs.removeUser(d.id, u.name);
    },
  };
}
export type ProtectedDirService = ReturnType<typeof createProtectedDirService>;
