import { Badge, Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LongName } from '../../components/long-name.tsx';
import { useSelectedDomain } from '../../lib/selected-domain.ts';

/** Chooses the domain the panel acts on (specs §4); one domain needs no choosing. */
export function DomainSwitcher() {
  const { t } = useTranslation('common');
  const { domain, domains, selectDomain } = useSelectedDomain();
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
        if (next && next !== domain) selectDomain(next);
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
