import { Anchor, Breadcrumbs, Group, Text } from '@mantine/core';
import { IconArrowUp, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath } from '../../lib/paths.ts';
import { breadcrumbs, parentPath, splatOf } from './paths.ts';
import { LongName } from '../../components/long-name.tsx';

/** Specs: breadcrumbs that start at 'home', plus a link to the parent folder. */
export function BreadcrumbBar({ domain, path }: { domain: string; path: string }) {
  const { t } = useTranslation('filemanager');
  const crumbs = breadcrumbs(path);
  const to = (p: string) => routePath('filemanager', { domain, '*': splatOf(p) });
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <nav aria-label={t('breadcrumbs')} style={{ minWidth: 0 }}>
        <Breadcrumbs separatorMargin={4} style={{ flexWrap: 'wrap', rowGap: 4 }}>
          {crumbs.map((crumb, i) =>
            i === crumbs.length - 1 ? (
              <Text key={crumb.path} fw={600} aria-current="page">
                {crumb.name ? <LongName>{crumb.name}</LongName> : <HomeLabel />}
              </Text>
            ) : (
              <Anchor key={crumb.path} component={Link} to={to(crumb.path)}>
                {crumb.name ? <LongName>{crumb.name}</LongName> : <HomeLabel />}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </nav>
      {path !== '/' && (
        <Anchor component={Link} to={to(parentPath(path))} size="sm" style={{ flexShrink: 0 }}>
          <Group gap={4} wrap="nowrap">
            <IconArrowUp size={16} aria-hidden />
            {t('parent')}
          </Group>
        </Anchor>
      )}
    </Group>
  );
}

function HomeLabel() {
  const { t } = useTranslation('filemanager');
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <IconHome size={16} aria-hidden />
      {t('home')}
    </Group>
  );
}
