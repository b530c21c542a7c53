import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as helpdesk from '@haven/contract/helpdesk';
import { confirmDialog } from '../../components/confirm-dialog.ts';
import { FormError } from '../../components/form-error.tsx';
import { DetailScreen } from '../../components/screen-kit/detail-screen.tsx';
import { SubmitRow } from '../../components/submit-row.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { validationMessage } from '../../lib/validation.ts';
import { routePath } from '../../lib/paths.ts';
import { useCloseTicket, useReplyTicket, useTicket } from './api.ts';
import { AttachmentsInput, attachmentsRule } from './attachments-input.tsx';
import { aboutText, MessageCard, TicketStatusBadge } from './ticket-parts.tsx';
import { TicketNewPage } from './ticket-new-page.tsx';
import { downloadAttachment, uploadAttachments } from './ticket-upload.ts';

const replySchema = helpdesk.replyBody.pick({ message: true });

function ReplyForm({ ticket }: { ticket: helpdesk.Ticket }) {
  const { t } = useTranslation('helpdesk');
  const reply = useReplyTicket(ticket.id);
  const [files, setFiles] = useState<File[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const form = useForm<{ message: string }>({
    resolver: zodResolver(replySchema),
    defaultValues: { message: '' },
  });
  const problem = attachmentsRule(files);
  const onSubmit = form.handleSubmit(async ({ message }) => {
    if (sending || problem) return;
    setSending(true);
    setFailure(null);
    // What was sent as typed: text or files added while it was being sent stay in the form.
    const typed = form.getValues('message');
    const sent = files;
    try {
      const attachments = await uploadAttachments(sent);
      await reply.mutateAsync({ message, attachments });
      if (form.getValues('message') === typed) form.reset({ message: '' });
      setFiles((current) => current.filter((file) => !sent.includes(file)));
      toast.success(t('ticket.replied'));
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="reply">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <Text fw={600} id="reply" component="h2" size="lg" m={0}>
            {t('ticket.reply_title')}
          </Text>
          {failure !== null && <FormError message={errorText(t, failure, ['helpdesk:error.'])} />}
          <Textarea
            {...form.register('message')}
            label={t('ticket.message')}
            autosize
            minRows={4}
            withAsterisk
            error={validationMessage(
              t,
              form.formState.errors.message?.message,
              t('ticket.message'),
            )}
          />
          <AttachmentsInput files={files} onChange={setFiles} problem={problem} />
          <SubmitRow label={t('ticket.reply_submit')} pending={sending} />
        </Stack>
      </form>
    </Paper>
  );
}

function CloseButton({ ticket }: { ticket: helpdesk.Ticket }) {
  const { t } = useTranslation('helpdesk');
  const close = useCloseTicket(ticket.id);
  const onClose = () =>
    confirmDialog({
      title: t('ticket.close_title', { id: ticket.id }),
      message: t('ticket.close_message'),
      confirmLabel: t('ticket.close'),
      danger: false,
      onConfirm: () =>
        close.mutate(undefined, {
          onSuccess: () => toast.success(t('ticket.closed_toast', { id: ticket.id })),
          onError: (error) => toast.error(errorText(t, error)),
        }),
    });
  return (
    <Button variant="default" onClick={onClose} loading={close.isPending}>
      {t('ticket.close')}
    </Button>
  );
}

function TicketView({ ticket }: { ticket: helpdesk.Ticket }) {
  const { t } = useTranslation('helpdesk');
  const download = (a: helpdesk.Attachment) =>
    void downloadAttachment(a).catch((error: unknown) => toast.error(errorText(t, error)));
  return (
    <>
      <Group gap="xs">
        <Text size="sm">{t('ticket.status_label')}</Text>
        <TicketStatusBadge status={ticket.status} />
      </Group>
      <Stack
        component="ol"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('ticket.conversation')}
      >
        {ticket.messages.map((m) => (
          <MessageCard key={m.id} message={m} onDownload={download} />
        ))}
      </Stack>
      {ticket.status === 'closed' ? (
        <Text c="dimmed">{t('ticket.is_closed')}</Text>
      ) : (
        <ReplyForm ticket={ticket} />
      )}
    </>
  );
}

function TicketDetail({ id }: { id: string }) {
  const { t } = useTranslation('helpdesk');
  const valid = /^[1-9][0-9]{0,9}$/.test(id);
  const ticket = useTicket(Number(id), valid);
  const data = ticket.data;
  return (
    <DetailScreen
      query={ticket}
      invalid={!valid}
      hold
      title={data ? `#${data.id} ${data.subject}` : t('ticket.title')}
      intro={data && `${aboutText(t, data)} · ${t(`ticket.categories.${data.category}`)}`}
      back={{ to: routePath('helpdeskticket'), label: t('ticket.back') }}
      actions={data && data.status !== 'closed' && <CloseButton ticket={data} />}
      maw={760}
    >
      {(loaded) => <TicketView ticket={loaded} />}
    </DetailScreen>
  );
}

/** `/helpdesk/ticket/new` opens a ticket; `/helpdesk/ticket/12` shows one. */
export function TicketDetailPage() {
  const { id = '' } = useParams();
  return id === 'new' ? <TicketNewPage /> : <TicketDetail id={id} />;
}
