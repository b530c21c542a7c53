import { Badge, Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { LongName } from '../../components/long-name.tsx';
import { nearestScreen } from '../../lib/nearest-screen.ts';
import { useSelectedDomain } from '../../lib/selected-domain.ts';
import { useUser } from '../../lib/user.ts';

/** Chooses the domain the panel acts on (specs §4); one domain needs no choosing. */
export function DomainSwitcher() {
  const { t } = useTranslation('common');
  const { domain, domains, selectDomain } = useSelectedDomain();
  const { domain: routeDomain } = useParams();
  const { pathname } = useLocation();
  const { data: user } = useUser();
  if (!domain) return null;
  if (domains.length < 2) {
    return (
      <Badge
        variant="light"
        size="lg"
        leftSection={<IconWorld size={14} aria-hidden />}
        tt="none"
        maw="100%"
      >
        <span aria-label={t('shell.domain')}>
          <LongName truncate>{domain}</LongName>
        </span>
      </Badge>
    );
  }
  return (
    <Select
      aria-label={t('shell.domain')}
      data={domains.map((d) => d.name)}
      value={domain}
      onChange={(next) => {
        const to = domains.find((d) => d.name === next);
        // The nearest screen the new domain has, never a "not in your package" page.
        if (to && user && next !== domain)
          selectDomain(to.name, nearestScreen(pathname, routeDomain, to, user.type));
      }}
      allowDeselect={false}
      searchable={domains.length > 8}
      leftSection={<IconWorld size={16} aria-hidden />}
      // Takes what the phone header leaves free, so more of a long domain shows.
      flex={1}
      miw={0}
      maw={240}
      comboboxProps={{ withinPortal: true }}
      // A long name is cut short in the header (the full name as the title), whole in the list.
      title={domain}
      styles={{ input: { textOverflow: 'ellipsis' } }}
      renderOption={({ option }) => <LongName>{option.label}</LongName>}
    />
  );
}
