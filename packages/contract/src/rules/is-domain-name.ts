const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A lower-case DNS host name of at least two labels, ASCII (IDNs in their xn-- form). */
export function isDomainName(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => LABEL.test(l))) return false;
  const tld = labels[labels.length - 1] ?? '';
  return /^[a-z]{2,63}$/.test(tld) || /^xn--[a-z0-9-]{1,59}$/.test(tld);
}
