/**
 * The domains whose lines differ between the live text of a table (null: absent) and its new
 * rendering. A line's key runs to `separator` (a space in the Postfix tables, `:` in the
 * passwd-file); its domain is what follows the key's last `@` (the whole key in `domains`).
 */
export function changedDomains(before: string | null, after: string, separator: string): string[] {
  const old = new Set(before === null ? [] : before.split('\n'));
  const next = new Set(after.split('\n'));
  const domains = new Set<string>();
  const add = (line: string) => {
    if (!line) return;
    const end = line.indexOf(separator);
    const key = end < 0 ? line : line.slice(0, end);
    domains.add(key.slice(key.lastIndexOf('@') + 1));
  };
  for (const line of next) if (!old.has(line)) add(line);
  for (const line of old) if (!next.has(line)) add(line);
  return [...domains].sort();
}
