import { join } from 'node:path';
import { generatePassword, type Language } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AppDatabase } from '../../model/app-databases.ts';
import type { JobContext } from '../../model/jobs.ts';
import type { Logger } from '../../model/logger.ts';
import type { Staged } from '../../platform/webapp-files/webapp-files.port.ts';
import { fail } from './webapps.errors.ts';
import { adminEntry, fillTemplate } from './install-values.ts';
import { placeLocale } from './install-locale.ts';
import type { WebappRow } from './webapps.store.ts';

export const INSTALL_JOB = 'webapp-install';

/** What the install needs beyond the row; kept in memory only (passwords never reach SQL). */
export interface InstallSecrets {
  adminEmail: string;
  adminUsername: string;
  adminPassword: string;
  title: string;
  /** The panel's language at install: the site's language follows it. */
  language: Language;
}

// Shared with install-locale.ts from their own file, so the two do not import each other.
export type { InstallDeps, InstallTarget } from './install-target.ts';
import type { InstallDeps, InstallTarget } from './install-target.ts';

/** Names the app's database part (`<prefix>_` is added by the databases area). */
const databasePart = (row: WebappRow) =>
  `${row.package_key.replace(/[^a-z0-9]/g, '').slice(0, 8)}${row.id}_${Math.random().toString(36).slice(2, 6)}`;

/**
 * The install steps, in order, each recorded so a failure (or a later delete) removes exactly
 * what was made: stage and verify, place, own, database, config, admin entry, installer.
 */
export async function runInstall(
  deps: InstallDeps,
  t: InstallTarget,
  secrets: InstallSecrets,
  ctx: Pick<JobContext<unknown>, 'progress' | 'signal' | 'log'>,
): Promise<void> {
  const { store } = deps;
  const files = deps.files(t.domain.node);
  const { recipe, row, home, rel } = t;
  let staged: Staged | undefined;
  let placed: { names: string[]; createdFolder: boolean } | undefined;
  let database: AppDatabase | undefined;
  try {
    await ctx.progress(2);
    staged = await files.stage(
      join(deps.source, recipe.source.path),
      { exclude: recipe.source.exclude, only: recipe.source.only },
      (done, total) => ctx.progress(2 + Math.floor((done / total) * 58)),
      ctx.signal,
    );
    if (staged.digest !== recipe.source.sha256) {
      ctx.log.error({ expected: recipe.source.sha256, got: staged.digest }, 'checksum differs');
      throw fail('checksum_mismatch', 'unavailable');
    }
    const owner = await deps.ensureOwner(t.domain);
    const made = await files.place(staged, home, rel, owner);
    // The config and the admin entry are the app's too: a delete removes them with the rest.
    const extra = [
      recipe.config?.file,
      made.names.includes(row.admin_path) ? undefined : row.admin_path,
    ];
    placed = { ...made, names: [...made.names, ...extra.filter((n): n is string => !!n)] };
    await store.update(row.id, { placed: JSON.stringify(placed) });
    await ctx.progress(65);

    const dbPassword = recipe.config ? generatePassword(24) : secrets.adminPassword;
    if (recipe.database) {
      database = await deps.databases
        .create(t.domain, databasePart(row), dbPassword)
        .catch((error: unknown) => {
          ctx.log.error({ err: error }, 'database for the web app failed');
          throw fail('database_failed', 'unavailable', undefined, { cause: error });
        });
      await store.update(row.id, { database_name: database.database });
    }
    await ctx.progress(75);
    const mode = owner ? 0o640 : 0o644;
    if (recipe.config)
      await files.writeFile(
        home,
        `${rel}/${recipe.config.file}`,
        fillTemplate(recipe.config.template, database ?? null, dbPassword),
        owner,
        mode,
      );
    if (!made.names.includes(row.admin_path))
      await files.writeFile(
        home,
        `${rel}/${row.admin_path}/index.php`,
        adminEntry(recipe.admin.target),
        owner,
        0o644,
      );
    const locale = await placeLocale(deps, t, secrets.language, owner, ctx);
    await ctx.progress(80);
    if (recipe.installer) {
      const input = JSON.stringify({
        url: t.url.replace(/\/$/, ''),
        locale,
        title: secrets.title,
        admin_username: secrets.adminUsername,
        admin_email: secrets.adminEmail,
        admin_password: secrets.adminPassword,
      });
      const result = await files.runPhp(recipe.installer, input, { home, rel }, owner);
      if (result.code !== 0) {
        ctx.log.error(
          { code: result.code, stderr: result.stderr.slice(0, 2000) },
          'installer failed',
        );
        throw fail('installer_failed', 'internal');
      }
    }
    await ctx.progress(98);
  } catch (error) {
    await undo(deps, t, placed, database?.database ?? null, ctx);
    throw error instanceof AppError
      ? error
      : fail('install_failed', 'internal', undefined, { cause: error });
  } finally {
    if (staged) await files.discard(staged).catch(() => undefined);
  }
}

/** Removes what an install made: its files (or its folder, when Haven made it) and its database. */
export async function undo(
  deps: Pick<InstallDeps, 'files' | 'databases'>,
  t: Pick<InstallTarget, 'domain' | 'home' | 'rel' | 'row'>,
  placed: { names: string[]; createdFolder: boolean } | undefined,
  database: string | null,
  ctx: { log: Pick<Logger, 'error'> },
): Promise<void> {
  const files = deps.files(t.domain.node);
  try {
    if (placed?.createdFolder && t.row.directory !== '') await files.remove(t.home, t.rel);
    else if (placed)
      for (const name of placed.names) await files.remove(t.home, `${t.rel}/${name}`);
    if (database) await deps.databases.remove(t.domain, database);
  } catch (error) {
    ctx.log.error({ err: error }, 'removing what the web app install made failed');
    throw error;
  }
}
