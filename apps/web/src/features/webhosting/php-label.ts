import type * as webhosting from '@haven/contract/webhosting';

/** A handler id as the server names it (`PHP 8.2`); an id the server no longer has stays as it is. */
export function phpLabel(
  id: string | null,
  versions: readonly webhosting.PhpVersion[] | undefined,
  none: string,
): string {
  if (id === null) return none;
  return versions?.find((v) => v.value === id)?.text ?? id;
}
