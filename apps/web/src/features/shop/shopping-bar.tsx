import { Group, Progress, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ownedPercentages, type ProductType } from '@haven/contract/shop';
import { routePath } from '../../lib/paths.ts';
import { offeredSteps } from './steps.ts';
import type { Shop } from './use-shop.ts';
import classes from './shopping-bar.module.css';

/** Per category the share the domain owns; each category is a step of the wizard. */
export function ShoppingBar({ shop, current }: { shop: Shop; current: ProductType | null }) {
  const { t } = useTranslation('shop');
  if (!shop.ctx) return null;
  const percentages = ownedPercentages(shop.ctx);
  const steps = offeredSteps(shop.products);
  return (
    <nav aria-label={t('steps.label')}>
      <SimpleGrid
        cols={{ base: 2, xs: 3, md: 5 }}
        spacing="xs"
        component="ol"
        className={classes.list}
      >
        {steps.map((step, index) => (
          <li key={step}>
            <UnstyledButton
              component={Link}
              to={routePath('upgradestep', { domain: shop.domain, step })}
              aria-current={current === step ? 'step' : undefined}
              className={classes.step}
              data-active={current === step || undefined}
            >
              <Stack gap={4}>
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {index + 1}. {t(`steps.${step}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {percentages[step]}%
                  </Text>
                </Group>
                <Progress
                  value={percentages[step]}
                  size="sm"
                  aria-label={t('steps.owned', {
                    step: t(`steps.${step}`),
                    percent: percentages[step],
                  })}
                />
              </Stack>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </nav>
  );
}
