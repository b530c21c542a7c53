import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIMITS, PASSWORD_RULES, passwordProblems } from '@haven/contract/shared';
import { RuleList } from './rule-list.tsx';
import { usePasswordScore } from './use-password-score.ts';

const SCORE_COLORS = ['red', 'red', 'orange', 'yellow', 'teal'] as const;

interface Props {
  password: string;
  username?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
}

/** The strength meter and the policy's rules, each marked met or not, as the user types. */
export function PasswordStrength({
  password,
  username,
  min = LIMITS.passwordMin,
  max = LIMITS.passwordMax,
}: Props) {
  const { t } = useTranslation('common');
  const score = usePasswordScore(password, username ? [username] : [], password.length > 0);
  const problems = new Set(passwordProblems(password, { username, score, min, max }));
  const rules = PASSWORD_RULES.filter((rule) => rule !== 'username' || Boolean(username));
  const level = score ?? 0;

  return (
    <Stack gap={6}>
      {/* The section carries role="progressbar"; its ARIA value text belongs there, not on the root. */}
      <Progress.Root size="sm">
        <Progress.Section
          value={password ? ((level + 1) / 5) * 100 : 0}
          color={SCORE_COLORS[level]}
          aria-label={t('password.strength')}
          aria-valuetext={
            password && score !== undefined
              ? t(`password.score.${level}`)
              : t('password.score.none')
          }
        />
      </Progress.Root>
      {password && score !== undefined && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('password.strength')}: {t(`password.score.${level}`)}
        </Text>
      )}
      <RuleList
        rules={rules}
        // Before zxcvbn has loaded, weakness cannot be judged: show the rule as open, not failed.
        isMet={(rule) =>
          password.length > 0 && !problems.has(rule) && (rule !== 'weak' || score !== undefined)
        }
        min={min}
        max={max}
      />
    </Stack>
  );
}
