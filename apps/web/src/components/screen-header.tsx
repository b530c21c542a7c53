import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { LongName } from './long-name.tsx';

interface Props {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  /** The screen one level up, e.g. the list from a detail. */
  back?: { to: string; label: string };
  /** Buttons at the end of the title row (add, delete). */
  actions?: ReactNode;
}

/** A screen's heading: back link, title (also the tab's), intro and actions. */
export function ScreenHeader({ title, intro, back, actions }: Props) {
  usePageTitle(title);
  return (
    <Stack gap={4}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          <LongName>{title}</LongName>
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {intro && (
        <Text c="dimmed" size="sm">
          {typeof intro === 'string' ? <LongName>{intro}</LongName> : intro}
        </Text>
      )}
    </Stack>
  );
}
