import type { ComponentType } from 'react';
import { ShopHeaderAction } from '../../features/shop/shop-header-action.tsx';

/**
 * Widgets features put in the header next to the language switch, in this order. The shop's
 * cart button registers here when the shop exists; until then nothing pretends to sell.
 */
export const HEADER_ACTIONS: readonly ComponentType[] = [ShopHeaderAction];
