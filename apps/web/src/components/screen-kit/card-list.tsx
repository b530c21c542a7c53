import type { ComponentType, ReactNode } from 'react';
import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LongName } from '../long-name.tsx';

/** The cards of a list, as a list for screen readers (named by `label`). */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

interface ListCardProps {
  /** A Tabler icon before the name, the same for the whole list or telling kinds apart. */
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean; style?: object }>;
  /** The thing's name: a domain, address or file name breaks as names do (LongName). */
  name: string;
  /** Its detail screen; without one the name is plain text. */
  to?: string;
  /** A state at the end of the name row (paused, inactive). */
  badge?: ReactNode;
  /** What the card says under the name: a string is one dimmed line. */
  children?: ReactNode;
  /** Beside the card's text on a wide screen, under it on a phone: a delete button. */
  aside?: ReactNode;
}

/** One card of a CardList: icon, the name linking to its detail, a badge, lines under it. */
export function ListCard({ icon: Icon, name, to, badge, children, aside }: ListCardProps) {
  const title = <LongName>{name}</LongName>;
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: 1 }}>
      {Icon && <Icon size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />}
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          {to ? (
            <Anchor component={Link} to={to} fw={600} miw={0}>
              {title}
            </Anchor>
          ) : (
            <Text fw={600} miw={0}>
              {title}
            </Text>
          )}
          {/* The name wraps, the state does not: a long name squeezed it to "B…" at 360 px. */}
          {badge ? <Box style={{ flexShrink: 0 }}>{badge}</Box> : null}
        </Group>
        {typeof children === 'string' ? (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Group>
  );
  return (
    <Paper component="li" withBorder p="sm">
      {aside ? (
        <Group justify="space-between" align="flex-start" gap="sm">
          {body}
          {aside}
        </Group>
      ) : (
        body
      )}
    </Paper>
  );
}
