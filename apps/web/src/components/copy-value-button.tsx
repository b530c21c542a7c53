import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A small button that copies `value`; its name says what ("Copy password"), then "Copied". */
export function CopyValueButton({
  value,
  label,
  size = 36,
  mt,
}: {
  value: string;
  label: string;
  size?: number;
  mt?: number;
}) {
  const { t } = useTranslation('common');
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => {
        const name = copied ? t('copy.done') : label;
        return (
          <Tooltip label={name} withArrow>
            <ActionIcon
              variant="light"
              color={copied ? 'teal' : undefined}
              size={size}
              mt={mt}
              onClick={copy}
              aria-label={name}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        );
      }}
    </CopyButton>
  );
}
