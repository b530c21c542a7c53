import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as lists from '@haven/contract/mail-lists';
import { LongName } from '../../../components/long-name.tsx';
import { usePagedList } from '../../../components/paged-list/paged-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { toast } from '../../../components/toast.ts';
import { useAvailable, useSubscribe, useSubscribers, useUnsubscribe } from './api.ts';
import { listErrorText, listFieldText } from './list-errors.ts';

type Subscriber = lists.SubscriberList['subscribers'][number];
const NONE: Subscriber[] = [];

/**
 * Subscribe an address (typed, or picked from the domain's own addresses) and unsubscribe one.
 * A refused subscribe shows the server's message as it is, below the field (specs §8).
 */
export function SubscribersPanel({ domain, name }: { domain: string; name: string }) {
  const { t } = useTranslation('mail-lists');
  const subscribers = useSubscribers(domain, name);
  const available = useAvailable(domain, name);
  const subscribe = useSubscribe(domain, name);
  const unsubscribe = useUnsubscribe(domain, name);
  // Up to 5,000 a list (LIMITS): 50 a page with a search, like every list that can grow.
  const paged = usePagedList(subscribers.data?.subscribers ?? NONE, {
    searchText: (s) => s.email,
    label: t('subscribers'),
  });
  const form = useForm({
    resolver: zodResolver(lists.subscribeBody),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(({ email }) => {
    if (subscribe.isPending) return;
    // As typed (the rule trims and lower-cases `email`), to tell later typing from this one.
    const typed = form.getValues('email');
    subscribe.mutate(email, {
      onSuccess: () => {
        toast.success(t('subscribed', { email }));
        // The success comes once every list query has refetched: an address typed meanwhile stays.
        if (form.getValues('email') === typed) form.reset({ email: '' });
      },
    });
  });
  const fieldError = form.formState.errors.email?.message;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={640}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('subscribers')}
        </Title>
        <form onSubmit={onSubmit} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Controller
              control={form.control}
              name="email"
              render={({ field }) => (
                <Autocomplete
                  type="email"
                  label={t('fields.subscriber')}
                  description={t('fields.subscriber_hint')}
                  data={available.data?.addresses ?? []}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  error={listFieldText(t, fieldError, t('fields.subscriber'))}
                  autoComplete="off"
                  required
                  style={{ flex: '1 1 16rem' }}
                />
              )}
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 46 }}
              loading={subscribe.isPending}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              {t('subscribe')}
            </Button>
          </Group>
        </form>
        {subscribe.isError && (
          <Alert color="red" variant="light" role="alert">
            {listErrorText(t, subscribe.error)}
          </Alert>
        )}
        <QueryState query={subscribers}>
          {() => (
            <>
              {(subscribers.data?.subscribers ?? []).length === 0 && (
                <Text>{t('no_subscribers')}</Text>
              )}
              {paged.search}
              {paged.shown.length > 0 && (
                <Stack
                  component="ul"
                  gap={4}
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  aria-label={t('subscribers')}
                >
                  {paged.shown.map((s) => (
                    <Group component="li" key={s.email} justify="space-between" wrap="nowrap">
                      <LongName>{s.email}</LongName>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('unsubscribe', { email: s.email })}
                        loading={unsubscribe.isPending && unsubscribe.variables === s.email}
                        onClick={() =>
                          unsubscribe.mutate(s.email, {
                            onSuccess: () => toast.success(t('unsubscribed', { email: s.email })),
                            onError: (e) => toast.error(listErrorText(t, e)),
                          })
                        }
                      >
                        <IconUserMinus size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
              )}
              {paged.pager}
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
