import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type * as mail from '@haven/contract/mail';
import { AddFormScreen } from '../../components/add-form-screen.tsx';
import { toast } from '../../components/toast.ts';
import { routePath } from '../../lib/paths.ts';

/** Called with what was made: says so and opens the list of its type. */
export function useMailAdded(domain: string, type: mail.MailAddressType) {
  const { t } = useTranslation('mail');
  const navigate = useNavigate();
  return (made: { name: string }) => {
    toast.success(t('add.created', { name: `${made.name}@${domain}` }));
    void navigate(routePath('mailaddress', { domain, type }));
  };
}

interface ScreenProps {
  domain: string;
  type: mail.MailAddressType;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | undefined;
  pending: boolean;
  /** The plan's maximum of mailboxes is reached: say so and offer no submit. */
  full?: boolean;
  children: ReactNode;
}

/** The add screen of either type: its heading and way back, the form, the submit. */
export function MailAddScreen({ domain, type, full = false, ...props }: ScreenProps) {
  const { t } = useTranslation('mail');
  return (
    <AddFormScreen
      header={{
        title: t(`add.title_${type}`),
        intro: t(`add.intro_${type}`),
        back: { to: routePath('mailaddress', { domain, type }), label: t('back_to_list') },
      }}
      notice={full ? <>{t('account.error.account_limit')}</> : undefined}
      onSubmit={props.onSubmit}
      error={props.error}
      submit={{ label: t('add.submit'), pending: props.pending, disabled: full }}
    >
      {props.children}
    </AddFormScreen>
  );
}
