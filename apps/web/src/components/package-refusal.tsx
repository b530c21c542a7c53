import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { UserDomain } from '@haven/contract/account';
import type { UserType } from '@haven/contract/shared';
import { usePageTitle } from '../lib/page-title.ts';
import { routePath } from '../lib/paths.ts';
import { ruleOf, useCurrentRule, verdictOf, type RouteRule } from '../lib/route-access.ts';
import { nearestScreen } from '../lib/nearest-screen.ts';
import { ownMailbox, useUser } from '../lib/user.ts';

/** Why a route is refused: the login's type, or the domain's package. */
export function refusalReason(
  rule: RouteRule | undefined,
  type: UserType,
  domain: Pick<UserDomain, 'package'> | undefined,
): 'login_email' | 'login_domain' | 'package' {
  // The package first: no login opens web hosting on a domain that has none.
  if (domain && rule && !rule.packages.includes(domain.package)) return 'package';
  return type === 'EMAIL' ? 'login_email' : 'login_domain';
}

/**
 * A route the login or the domain's package does not include: it says why, and offers the way
 * forward: the same screen on another of the customer's domains that has it, and the helpdesk,
 * which adds web hosting to a package (nothing in the shop does: its products need hosting).
 */
export function PackageRefusal() {
  const { t } = useTranslation('common');
  const { domain } = useParams();
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const rule = useCurrentRule();
  const details = user?.domains.find((d) => d.name === domain);
  const reason = user ? refusalReason(rule, user.type, details) : 'login_domain';
  // "Not in your package" only when it is the package; a login that may not is told that.
  const title = t(
    reason === 'package' ? 'not_for_package.title' : `not_for_package.title_${reason}`,
  );
  usePageTitle(title);
  // A mailbox login's way back is its own mailbox (its dashboard sends it there anyway).
  const back =
    user?.type === 'EMAIL'
      ? {
          to: routePath('mailaddressdetail', {
            domain: user.domain,
            type: 'address',
            name: ownMailbox(user),
          }),
          label: t('not_for_package.to_mailbox'),
        }
      : { to: routePath('real-dashboard'), label: t('not_found.back') };
  const elsewhere =
    user && domain
      ? user.domains
          .filter((d) => d.name !== domain && verdictOf(rule, user.type, d) === 'ok')
          .slice(0, 3)
      : [];
  const mayAskHelpdesk =
    user !== undefined && verdictOf(ruleOf('helpdesk'), user.type, undefined) === 'ok';

  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{title}</Title>
      <Text maw={520}>{t(`not_for_package.why_${reason}`, { domain })}</Text>
      {elsewhere.length > 0 && (
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed">
            {t('not_for_package.elsewhere')}
          </Text>
          <Group gap="xs" justify="center">
            {elsewhere.map((d) => (
              <Button
                key={d.name}
                component={Link}
                to={nearestScreen(pathname, domain, d, user?.type ?? 'DOMAIN')}
                variant="light"
              >
                {t('not_for_package.open_on', { domain: d.name })}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      <Text size="sm" c="dimmed" maw={520}>
        {mayAskHelpdesk
          ? t(`not_for_package.helpdesk_${reason === 'package' ? 'package' : 'login'}`, { domain })
          : t('not_for_package.ask_admin')}
      </Text>
      <Group gap="sm" justify="center">
        {mayAskHelpdesk && (
          <Button
            component={Link}
            to={routePath('helpdeskticket')}
            leftSection={<IconHeadset size={18} aria-hidden />}
          >
            {t('not_for_package.helpdesk')}
          </Button>
        )}
        <Button component={Link} to={back.to} variant={mayAskHelpdesk ? 'default' : 'light'}>
          {back.label}
        </Button>
      </Group>
    </Stack>
  );
}
