import { Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ownedClosure, type ProductType } from '@haven/contract/shop';
import { routePath } from '../../lib/paths.ts';
import { offeredSteps } from './steps.ts';
import type { Shop } from './use-shop.ts';
import classes from './shopping-bar.module.css';

/**
 * The wizard's steps (one per category): each says where it stands in the order, and whether its
 * products are in the cart or all owned already.
 */
export function ShoppingBar({ shop, current }: { shop: Shop; current: ProductType | null }) {
  const { t } = useTranslation('shop');
  if (!shop.ctx) return null;
  const owned = ownedClosure(shop.ctx);
  const steps = offeredSteps(shop.products);
  const status = (step: ProductType): string | null => {
    const products = shop.products.filter((p) => p.type === step);
    if (products.some((p) => shop.cart.includes(p.id))) return t('state.in_cart');
    if (products.length > 0 && products.every((p) => owned.has(p.id))) return t('state.owned');
    return null;
  };
  return (
    <nav aria-label={t('steps.label')}>
      <SimpleGrid
        cols={{ base: 2, xs: 3, md: 5 }}
        spacing="xs"
        component="ol"
        className={classes.list}
      >
        {steps.map((step, index) => {
          const note = status(step);
          return (
            <li key={step}>
              <UnstyledButton
                component={Link}
                to={routePath('upgradestep', { domain: shop.domain, step })}
                aria-current={current === step ? 'step' : undefined}
                className={classes.step}
                data-active={current === step || undefined}
              >
                <Text size="xs" c="dimmed">
                  {t('steps.position', { index: index + 1, count: steps.length })}
                </Text>
                <Text size="sm" fw={600}>
                  {t(`steps.${step}`)}
                </Text>
                {note && (
                  <Group gap={4} wrap="nowrap" c="teal.9">
                    <IconCheck size={14} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="xs">{note}</Text>
                  </Group>
                )}
              </UnstyledButton>
            </li>
          );
        })}
      </SimpleGrid>
    </nav>
  );
}
