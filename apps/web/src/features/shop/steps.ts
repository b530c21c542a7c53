import { PRODUCT_TYPES, type ProductType } from '@haven/contract/shop';

/** The wizard's steps are the product categories, in the contract's order. */
export const STEPS = PRODUCT_TYPES;

export function isStep(value: string | undefined): value is ProductType {
  return (STEPS as readonly string[]).includes(value ?? '');
}

export function neighbours(step: ProductType): { previous: ProductType | null; next: ProductType | null } {
  const index = STEPS.indexOf(step);
  return { previous: STEPS[index - 1] ?? null, next: STEPS[index + 1] ?? null };
}
