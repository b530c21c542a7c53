import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type * as helpdesk from '@haven/contract/helpdesk';
import { formatDate, formatSize } from '../../lib/format.ts';
import { useLanguage } from '../../lib/i18n.ts';

const COLORS: Record<helpdesk.TicketStatus, string> = {
  open: 'blue',
  answered: 'green',
  closed: 'gray',
};

export function TicketStatusBadge({ status }: { status: helpdesk.TicketStatus }) {
  const { t } = useTranslation('helpdesk');
  return (
    // The default variant: its text keeps AA contrast (a light green badge did not).
    <Badge
      variant="default"
      leftSection={
        <span aria-hidden style={{ color: `var(--mantine-color-${COLORS[status]}-7)` }}>
          ●
        </span>
      }
    >
      {t(`ticket.status.${status}`)}
    </Badge>
  );
}

/** "example.nl" or "example.nl · database kl_shop". */
export function aboutText(
  t: (key: string) => string,
  ticket: Pick<helpdesk.TicketSummary, 'domain' | 'about'>,
): string {
  return ticket.about.kind === 'domain'
    ? ticket.domain
    : `${ticket.domain} · ${t(`ticket.kind.${ticket.about.kind}`)} ${ticket.about.name}`;
}

/**
 * One message of the conversation. The body is React text (never HTML): markup a customer or
 * the provider wrote shows as the characters typed. Attachments download with the session.
 */
export function MessageCard({
  message,
  onDownload,
}: {
  message: helpdesk.TicketMessage;
  onDownload: (a: helpdesk.Attachment) => void;
}) {
  const { t } = useTranslation('helpdesk');
  const language = useLanguage();
  const mine = message.author === 'customer';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      style={mine ? undefined : { borderLeft: '4px solid var(--mantine-color-blue-6)' }}
      aria-label={t(mine ? 'ticket.from_you' : 'ticket.from_provider')}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t(mine ? 'ticket.from_you' : 'ticket.from_provider')}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(message.created_at, language, true)}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Text>
        {message.attachments.map((a) => (
          <Group key={a.id} gap={4} wrap="nowrap">
            <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onDownload(a)}
              style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {a.filename}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatSize(a.size, language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
