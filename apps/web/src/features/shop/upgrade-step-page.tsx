import { Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { CartSummary } from './cart-summary.tsx';
import { ProductCard } from './product-card.tsx';
import { isStep, neighbours, offeredSteps } from './steps.ts';
import { useShop } from './use-shop.ts';

/** One step of the wizard: the products of one category (the index route is the first step). */
export function UpgradeStepPage() {
  const { t } = useTranslation('shop');
  const shop = useShop();
  const steps = offeredSteps(shop.products);
  // The index route is the first step this catalogue has.
  const { step = steps[0] ?? 'hosting' } = useParams();
  usePageTitle(isStep(step) ? `${t('title')}: ${t(`steps.${step}`)}` : t('title'));
  if (!isStep(step)) return <NotFoundPage />;

  const { previous, next } = neighbours(step, steps);
  const products = shop.products.filter((p) => p.type === step);
  const forward = next
    ? routePath('upgradestep', { domain: shop.domain, step: next })
    : routePath('cart', { domain: shop.domain });

  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md" component="section" aria-labelledby="step-title">
          <div>
            <Title order={2} size="h3" id="step-title">
              {t(`steps.${step}`)}
            </Title>
            <Text c="dimmed" size="sm">
              {t(`steps.${step}_intro`)}
            </Text>
          </div>
          {products.length === 0 ? (
            <Text>{t('steps.empty')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {products.map((p) => (
                <ProductCard key={p.id} shop={shop} productId={p.id} />
              ))}
            </SimpleGrid>
          )}
          <Group justify="space-between" gap="xs">
            {previous ? (
              <Button
                component={Link}
                to={routePath('upgradestep', { domain: shop.domain, step: previous })}
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
              >
                {t('steps.previous')}
              </Button>
            ) : (
              <span />
            )}
            <Button
              component={Link}
              to={forward}
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {next ? t('steps.next_to', { step: t(`steps.${next}`) }) : t('steps.to_cart')}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <CartSummary shop={shop} />
      </Grid.Col>
    </Grid>
  );
}
