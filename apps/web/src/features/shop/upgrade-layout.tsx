import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconListCheck, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches, useParams } from 'react-router';
import { routePath, type RouteHandle } from '../../lib/paths.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { errorText } from '../../lib/error-text.ts';
import { HelpdeskLink } from './helpdesk-link.tsx';
import { ShoppingBar } from './shopping-bar.tsx';
import { isStep, offeredSteps } from './steps.ts';
import { useShop } from './use-shop.ts';

/** The upgrade container: the shopping bar, why ordering is blocked, and the wizard's screens. */
export function UpgradeLayout() {
  const { t } = useTranslation('shop');
  const shop = useShop();
  const { step } = useParams();
  const matches = useMatches();
  const routeName = (matches.at(-1)?.handle as RouteHandle | undefined)?.name;
  const current = isStep(step)
    ? step
    : routeName === 'upgrade'
      ? (offeredSteps(shop.products)[0] ?? null)
      : null;

  // A domain-only package can have none of the upgrades: say so once, with who can help.
  const needsHosting =
    shop.details?.package === 'DOMAIN' &&
    shop.products.length > 0 &&
    shop.products.every((p) => !p.available);

  if (shop.isPending) return <PageLoader />;
  if (shop.error) return <FormError message={errorText(t, shop.error, ['shop:error.'])} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('title')}</Title>
        <Group gap={4}>
          <Button
            size="compact-sm"
            component={Link}
            to={routePath('upgradeproducts', { domain: shop.domain })}
            variant={routeName === 'upgradeproducts' ? 'light' : 'subtle'}
            leftSection={<IconListCheck size={18} aria-hidden />}
            aria-current={routeName === 'upgradeproducts' ? 'page' : undefined}
          >
            {t('my_products.title')}
          </Button>
          <Button
            size="compact-sm"
            component={Link}
            to={routePath('cart', { domain: shop.domain })}
            variant={routeName === 'cart' ? 'light' : 'subtle'}
            leftSection={<IconShoppingCart size={18} aria-hidden />}
            rightSection={
              shop.cart.length > 0 ? (
                <Badge size="sm" circle>
                  {shop.cart.length}
                </Badge>
              ) : undefined
            }
            aria-current={routeName === 'cart' ? 'page' : undefined}
            aria-label={t('cart.link', { count: shop.cart.length })}
          >
            {t('cart.title')}
          </Button>
        </Group>
      </Group>
      {shop.block && (
        <Alert
          color={shop.block === 'has_legacy' ? 'orange' : 'yellow'}
          variant="light"
          role="status"
        >
          <Stack gap="xs">
            <Text size="sm">{t(`error.${shop.block}`)}</Text>
            {/* A renewal ends the wait; for the rest only the helpdesk can help. */}
            {shop.block !== 'within_deadzone' && <HelpdeskLink />}
          </Stack>
        </Alert>
      )}
      {needsHosting && (
        <Alert color="blue" variant="light" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('package_note', { domain: shop.domain })}</Text>
            <HelpdeskLink />
          </Stack>
        </Alert>
      )}
      <ShoppingBar shop={shop} current={current} />
      <Outlet />
    </Stack>
  );
}
