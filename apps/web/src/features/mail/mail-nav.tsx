import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../components/section-tabs/section-tabs.tsx';
import { routePath, type RouteName } from '../../lib/paths.ts';
import { useMayOpen } from '../../lib/route-access.ts';
import { useUser } from '../../lib/user.ts';

type Section = 'address' | 'group' | 'list' | 'forward' | 'settings' | 'webmail';

/**
 * The mail sections the login may open (a mailbox's login: only its webmail); settings only for a
 * full hosting login (specs §6). One section alone needs no tabs. The same tab row as every area.
 */
export function MailNav({ domain, current }: { domain: string; current: Section }) {
  const { t } = useTranslation('mail');
  const user = useUser();
  const mayOpen = useMayOpen();
  const all: { key: Section; route: RouteName; to: string }[] = [
    {
      key: 'address',
      route: 'mailaddress',
      to: routePath('mailaddress', { domain, type: 'address' }),
    },
    { key: 'group', route: 'mailaddress', to: routePath('mailaddress', { domain, type: 'group' }) },
    { key: 'list', route: 'maillist', to: routePath('maillist', { domain }) },
    { key: 'forward', route: 'mailforward', to: routePath('mailforward', { domain }) },
    { key: 'webmail', route: 'webmail', to: routePath('webmail', { domain }) },
    ...(user.data?.type === 'HOSTING'
      ? [
          {
            key: 'settings' as const,
            route: 'mailsettings' as const,
            to: routePath('mailsettings', { domain }),
          },
        ]
      : []),
  ];
  const links = all.filter((l) => mayOpen(l.route));
  if (links.length < 2) return null;
  return (
    <SectionTabs
      label={t('nav.label')}
      tabs={links.map((l) => ({
        key: l.key,
        to: l.to,
        label: t(`nav.${l.key}`),
        active: l.key === current,
      }))}
    />
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
