import { join } from 'node:path';
import type { Language } from '@haven/contract';
import { AppError } from '../../lib/app-error.ts';
import type { JobContext } from '../../model/jobs.ts';
import type { FileOwner, Staged } from '../../platform/webapp-files/webapp-files.port.ts';
import type { InstallDeps, InstallTarget } from './install-target.ts';
import { fail } from './webapps.errors.ts';

/**
 * Places the app's translation for the panel's language (staged and checked like the release)
 * and answers its locale for the installer; '' (English) when the recipe has none for it or the
 * operator's source lacks the files (Debian's `wordpress-l10n` not installed: logged).
 */
export async function placeLocale(
  deps: Pick<InstallDeps, 'files' | 'source'>,
  t: Pick<InstallTarget, 'domain' | 'recipe' | 'home' | 'rel'>,
  language: Language,
  owner: FileOwner | null,
  ctx: Pick<JobContext<unknown>, 'signal' | 'log'>,
): Promise<string> {
  const l = t.recipe.locales?.[language];
  if (!l) return '';
  const files = deps.files(t.domain.node);
  let staged: Staged;
  try {
    staged = await files.stage(
      join(deps.source, l.path),
      { exclude: [], only: l.only },
      async () => undefined,
      ctx.signal,
    );
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'source_missing')) throw error;
    ctx.log.warn(
      { locale: l.locale, path: l.path },
      'language files missing: installed in English',
    );
    return '';
  }
  try {
    if (staged.digest !== l.sha256) {
      ctx.log.error({ expected: l.sha256, got: staged.digest }, 'language checksum differs');
      throw fail('checksum_mismatch', 'unavailable');
    }
    await files.place(staged, t.home, `${t.rel}/${l.into}`, owner);
    return l.locale;
  } finally {
    await files.discard(staged).catch(() => undefined);
  }
}
