import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import * as helpdesk from '@haven/contract/helpdesk';
import { AddFormScreen } from '../../components/add-form-screen.tsx';
import { toast } from '../../components/toast.ts';
import { errorText } from '../../lib/error-text.ts';
import { validationMessage } from '../../lib/validation.ts';
import { routePath } from '../../lib/paths.ts';
import { useCreateTicket, useTicketSubjects } from './api.ts';
import { AttachmentsInput, attachmentsRule } from './attachments-input.tsx';
import { uploadAttachments } from './ticket-upload.ts';

/** The contract's body; the attachments are uploaded and added when it is sent. */
const schema = helpdesk.newTicketBody.omit({ attachments: true });
type Input = z.input<typeof schema>;
type About = Input['about'];

const NOTHING: About = { domain: '', kind: 'domain', name: '' };
/** One option's value: what it is about, joined. */
const keyOf = (about: About) => [about.domain, about.kind, about.name ?? ''].join('\u0000');

/** A new ticket: about what, the category, subject, message and up to three attachments. */
export function TicketNewPage() {
  const { t } = useTranslation('helpdesk');
  const navigate = useNavigate();
  const subjects = useTicketSubjects();
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const form = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { about: NOTHING, category: 'question', subject: '', message: '' },
  });
  const abouts = (subjects.data ?? []).map(({ domain, kind, name }) => ({ domain, kind, name }));
  const options = abouts.map((s) => ({
    value: keyOf(s),
    label: s.kind === 'domain' ? s.domain : `${s.domain} · ${t(`ticket.kind.${s.kind}`)} ${s.name}`,
  }));
  const fileProblem = attachmentsRule(files);
  const onSubmit = form.handleSubmit(async (v) => {
    if (sending || fileProblem) return;
    setSending(true);
    setFailure(null);
    try {
      const attachments = await uploadAttachments(files);
      const { ticket } = await create.mutateAsync({
        ...v,
        attachments,
      });
      toast.success(t('ticket.created', { id: ticket.id }));
      void navigate(routePath('helpdeskticketdetail', { id: String(ticket.id) }));
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  });
  const field = (name: 'subject' | 'message', label: string) =>
    validationMessage(t, form.formState.errors[name]?.message, label);

  return (
    <AddFormScreen
      header={{
        title: t('ticket.new_title'),
        intro: t('ticket.new_intro'),
        back: { to: routePath('helpdeskticket'), label: t('ticket.back') },
      }}
      onSubmit={(e) => void onSubmit(e)}
      error={failure ? errorText(t, failure, ['helpdesk:error.']) : undefined}
      submit={{ label: t('ticket.submit'), pending: sending }}
    >
      <Controller
        control={form.control}
        name="about"
        render={({ field: f }) => (
          <Select
            ref={f.ref}
            name={f.name}
            onBlur={f.onBlur}
            value={f.value.domain ? keyOf(f.value) : null}
            label={t('ticket.about')}
            data={options}
            searchable
            withAsterisk
            onChange={(v) => f.onChange(abouts.find((a) => keyOf(a) === v) ?? NOTHING)}
            error={form.formState.errors.about?.domain ? t('ticket.about_required') : undefined}
          />
        )}
      />
      <Controller
        control={form.control}
        name="category"
        render={({ field: f }) => (
          <Select
            {...f}
            label={t('ticket.category')}
            allowDeselect={false}
            data={helpdesk.TICKET_CATEGORIES.map((c) => ({
              value: c,
              label: t(`ticket.categories.${c}`),
            }))}
            onChange={(v) => f.onChange(v ?? 'question')}
          />
        )}
      />
      <TextInput
        {...form.register('subject')}
        label={t('ticket.subject')}
        withAsterisk
        maxLength={helpdesk.TICKET_LIMITS.subjectMax}
        error={field('subject', t('ticket.subject'))}
      />
      <Textarea
        {...form.register('message')}
        label={t('ticket.message')}
        withAsterisk
        autosize
        minRows={5}
        error={field('message', t('ticket.message'))}
      />
      <AttachmentsInput files={files} onChange={setFiles} problem={fileProblem} />
    </AddFormScreen>
  );
}
