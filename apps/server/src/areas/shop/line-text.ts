import type { CartLine } from './pricing.ts';

/** A product row's names; the catalogue is operator data. */
export interface NamedProduct {
  id: number;
  name_nl: string;
  name_en: string;
}

/**
 * What an order line is, in words, for the invoice and the mail: the product, and for an upgrade
 * the owned product it replaces (its amount is then the difference).
 */
export function lineText(
  line: Pick<CartLine, 'id' | 'replaces'>,
  rows: readonly NamedProduct[],
  language: 'nl' | 'en',
): string {
  const name = (id: number) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return `#${id}`;
    return language === 'en' ? row.name_en : row.name_nl;
  };
  if (line.replaces.length === 0) return name(line.id);
  const from = line.replaces.map(name).join(', ');
  return language === 'en'
    ? `${name(line.id)} (upgrade from ${from})`
    : `${name(line.id)} (upgrade van ${from})`;
}
