import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PasswordRule } from '@haven/contract/shared';

interface Props {
  rules: readonly PasswordRule[];
  isMet: (rule: PasswordRule) => boolean;
  min: number;
  max: number;
}

/** A password policy's rules, each marked met or not (also for screen readers). */
export function RuleList({ rules, isMet, min, max }: Props) {
  const { t } = useTranslation('common');
  return (
    <List size="xs" spacing={2} center aria-label={t('password.rules_title')}>
      {rules.map((rule) => {
        const met = isMet(rule);
        return (
          <List.Item
            key={rule}
            icon={
              <ThemeIcon
                size={16}
                radius="xl"
                color={met ? 'teal' : 'gray'}
                variant={met ? 'filled' : 'light'}
              >
                {met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="xs" c={met ? undefined : 'dimmed'}>
              {t(`password.rules.${rule}`, { min, max })}
              <VisuallyHidden> ({t(met ? 'password.met' : 'password.not_met')})</VisuallyHidden>
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
