import type { Product } from '@haven/contract/shop';
import type { Language } from '@haven/contract/shared';
import { formatEuro } from '../../lib/format.ts';

/** Amounts travel in integer cents; the screen shows euros in the language's form. */
export function formatCents(cents: number, language: Language): string {
  return formatEuro(cents / 100, language);
}

/**
 * What a product costs this domain, VAT included: per year and now (the rest of the running
 * billing period). An upgrade of owned products costs the difference. The cart shows the
 * server's exact price; this is the label on the product.
 */
export function displayPrice(
  product: Pick<Product, 'price' | 'from_price' | 'productsAcceptable'>,
): { annual: number; now: number } {
  const deduct = (key: 'price' | 'from_price') =>
    product.productsAcceptable.reduce(
      (sum, owned) => sum + Math.max(0, product[key] - owned[key]),
      0,
    );
  return {
    annual: Math.max(0, product.price - deduct('price')),
    now: Math.max(0, product.from_price - deduct('from_price')),
  };
}

/** The product's name in the interface language. */
export function productName(product: Pick<Product, 'name'> | undefined, language: string): string {
  if (!product) return '';
  return language === 'en' ? product.name.en : product.name.nl;
}
