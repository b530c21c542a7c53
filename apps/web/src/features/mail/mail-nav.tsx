import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { useUser } from '../../lib/user.ts';

type Section = 'address' | 'group' | 'list' | 'forward' | 'settings' | 'webmail';

/** The mail sections; settings only for a full hosting login (specs §6). */
export function MailNav({ domain, current }: { domain: string; current: Section }) {
  const { t } = useTranslation('mail');
  const user = useUser();
  const links: { key: Section; to: string }[] = [
    { key: 'address', to: routePath('mailaddress', { domain, type: 'address' }) },
    { key: 'group', to: routePath('mailaddress', { domain, type: 'group' }) },
    { key: 'list', to: routePath('maillist', { domain }) },
    { key: 'forward', to: routePath('mailforward', { domain }) },
    { key: 'webmail', to: routePath('webmail', { domain }) },
    ...(user.data?.type === 'HOSTING'
      ? [{ key: 'settings' as const, to: routePath('mailsettings', { domain }) }]
      : []),
  ];
  return (
    <Group component="nav" aria-label={t('nav.label')} gap="xs">
      {links.map((l) => (
        <Button
          key={l.key}
          component={Link}
          to={l.to}
          size="compact-sm"
          variant={l.key === current ? 'filled' : 'light'}
          aria-current={l.key === current ? 'page' : undefined}
        >
          {t(`nav.${l.key}`)}
        </Button>
      ))}
    </Group>
  );
}

/** Specs §4: when the email service is off, a notice is shown. */
export function MailOffNotice({ active }: { active: boolean | undefined }) {
  const { t } = useTranslation('mail');
  if (active !== false) return null;
  return (
    <Alert color="yellow" variant="light" title={t('off.title')}>
      {t('off.text')}
    </Alert>
  );
}
