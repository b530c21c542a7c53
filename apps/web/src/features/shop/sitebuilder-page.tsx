import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { FormError } from '../../components/form-error.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { browser, useOpenSitebuilder, useSitebuilder } from './api.ts';
import { HelpdeskLink } from './helpdesk-link.tsx';

/** The site builder screen: its state (owned, legacy) and, when owned, the way in. */
export function SitebuilderPage() {
  const { t, i18n } = useTranslation('shop');
  usePageTitle(t('sitebuilder.title'));
  const { domain = '' } = useParams();
  const state = useSitebuilder(domain);
  const open = useOpenSitebuilder(domain);

  let body;
  if (state.isPending) body = <PageLoader />;
  else if (state.isError)
    body = <FormError message={errorText(t, state.error, ['shop:sitebuilder.error.'])} />;
  else {
    const { sitebuilder: owned, legacy, product, configured } = state.data;
    body = (
      <Stack gap="sm">
        {legacy && (
          <Alert color="orange" variant="light">
            <Stack gap="xs">
              <Text size="sm">{t('sitebuilder.legacy')}</Text>
              <HelpdeskLink />
            </Stack>
          </Alert>
        )}
        {owned && product ? (
          <>
            <Group gap="xs">
              <Text fw={600}>{i18n.language === 'en' ? product.name.en : product.name.nl}</Text>
              {product.pages !== null && (
                <Badge variant="light">{t('sitebuilder.pages', { count: product.pages })}</Badge>
              )}
            </Group>
            {configured ? (
              <Button
                w="fit-content"
                rightSection={<IconExternalLink size={16} aria-hidden />}
                loading={open.isPending}
                onClick={() => open.mutate(undefined, { onSuccess: ({ url }) => browser.go(url) })}
              >
                {t('sitebuilder.open')}
              </Button>
            ) : (
              <Alert color="yellow" variant="light">
                {t('sitebuilder.error.sitebuilder_not_configured')}
              </Alert>
            )}
            {open.isError && (
              <FormError message={errorText(t, open.error, ['shop:sitebuilder.error.'])} />
            )}
          </>
        ) : (
          !legacy && <Text>{t('sitebuilder.none')}</Text>
        )}
        {!owned || legacy ? (
          <Button
            component={Link}
            to={routePath('upgradestep', { domain, step: 'sitebuilder' })}
            variant="light"
            w="fit-content"
          >
            {t('sitebuilder.order')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={routePath('upgradestep', { domain, step: 'sitebuilder' })}
            variant="subtle"
            w="fit-content"
          >
            {t('sitebuilder.upgrade')}
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('sitebuilder.title')}</Title>
      <Card withBorder padding="lg">
        {body}
      </Card>
    </Stack>
  );
}
