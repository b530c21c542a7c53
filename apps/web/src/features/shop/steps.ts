import { PRODUCT_TYPES, type ProductType } from '@haven/contract/shop';

/** The wizard's possible steps are the product categories, in the contract's order. */
export const STEPS = PRODUCT_TYPES;

export function isStep(value: string | undefined): value is ProductType {
  return (STEPS as readonly string[]).includes(value ?? '');
}

/**
 * The steps of this catalogue: a category nothing is offered in (premium SSL and domain privacy
 * are not sold, having no effect) is no step. The whole list while the catalogue loads.
 */
export function offeredSteps(products: readonly { type: ProductType }[]): readonly ProductType[] {
  if (products.length === 0) return STEPS;
  return STEPS.filter((step) => products.some((p) => p.type === step));
}

export function neighbours(
  step: ProductType,
  steps: readonly ProductType[] = STEPS,
): { previous: ProductType | null; next: ProductType | null } {
  const index = steps.indexOf(step);
  if (index < 0) return { previous: null, next: steps[0] ?? null };
  return { previous: steps[index - 1] ?? null, next: steps[index + 1] ?? null };
}
