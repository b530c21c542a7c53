import { Select, Stack, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import * as webhosting from '@haven/contract/webhosting';
import { VALIDATION } from '@haven/contract/shared';
import { fieldError } from './field-error.ts';
import { passwordRepeat } from '../../components/password/password-schema.ts';
import {
  refineServicePassword,
  ServicePasswordFields,
} from '../../components/password/service-password.tsx';

const ftpAccount = webhosting.ftpAccountInput.shape;

/** The body's `ftpAccount` as the form asks it: a choice, and a new web user's name and password. */
export const ftpChoiceFields = {
  /** None, an existing web user (`id:<n>`) or a new one ('other'): one select. */
  ftp: z.string(),
  ftp_name: ftpAccount.name.unwrap(),
  password: ftpAccount.password.unwrap(),
  password_repeat: passwordRepeat,
};

export interface FtpChoiceValues {
  ftp: string;
  ftp_name: string;
  password: string;
  password_repeat: string;
}

/** Name and password are asked only for 'other FTP user' (specs §2). */
export function refineFtpChoice(value: FtpChoiceValues, ctx: z.RefinementCtx): void {
  if (value.ftp !== 'other') return;
  const name = webhosting.webUserName.safeParse(value.ftp_name);
  if (!name.success)
    ctx.addIssue({
      code: 'custom',
      path: ['ftp_name'],
      message: name.error.issues[0]?.message ?? VALIDATION.regex,
    });
  const password = webhosting.servicePassword.safeParse(value.password);
  if (!password.success)
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: password.error.issues[0]?.message ?? VALIDATION.required,
    });
  else refineServicePassword(() => value.ftp_name)(value, ctx);
}

/** What the server is sent for a choice. */
export function ftpAccountBody(value: FtpChoiceValues): webhosting.FtpAccountInput | null {
  if (value.ftp === 'other') return { name: value.ftp_name.trim(), password: value.password };
  const id = /^id:(\d+)$/.exec(value.ftp)?.[1];
  return id ? { id: Number(id) } : null;
}

/** The choice as the form holds it. */
export const ftpChoiceOf = (account: { id: number } | null | undefined): string =>
  account ? `id:${account.id}` : 'none';

/** The catalogue's FTP codes and the field each belongs to. */
export const FTP_FIELD_CODES: Record<string, keyof FtpChoiceValues> = {
  invalid_ftp_username: 'ftp_name',
  ftp_username_exists: 'ftp_name',
  invalid_ftp_password: 'password',
  ftp_password_required: 'password',
  unknown_ftp_account: 'ftp',
};

interface Props {
  // The forms that embed this hold more fields; only these four are touched here.
  control: Control<FtpChoiceValues>;
  webusers: readonly { id: number; name: string }[];
}

export function FtpAccountFields({ control, webusers }: Props) {
  const { t } = useTranslation('webhosting');
  const choice = useWatch({ control, name: 'ftp' });
  const ftpName = useWatch({ control, name: 'ftp_name' });
  const options = [
    { value: 'none', label: t('subdomain.ftp_none') },
    ...webusers.map((u) => ({ value: `id:${u.id}`, label: u.name })),
    { value: 'other', label: t('subdomain.ftp_other') },
  ];

  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="ftp"
        render={({ field, fieldState }) => (
          <Select
            label={t('subdomain.ftp_account')}
            description={t('subdomain.ftp_account_help')}
            data={options}
            value={field.value}
            onChange={(v) => field.onChange(v ?? 'none')}
            onBlur={field.onBlur}
            allowDeselect={false}
            error={fieldError(t, fieldState.error, t('subdomain.ftp_account'))}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {choice === 'other' && (
        <>
          <Controller
            control={control}
            name="ftp_name"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label={t('subdomain.ftp_name')}
                description={t('webuser.name_help')}
                required
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                error={fieldError(t, fieldState.error, t('subdomain.ftp_name'))}
              />
            )}
          />
          <ServicePasswordFields
            control={control}
            label={t('subdomain.ftp_password')}
            repeatLabel={t('subdomain.ftp_password_repeat')}
            username={ftpName}
            invalidText={t('subdomain.error.invalid_ftp_password')}
          />
        </>
      )}
    </Stack>
  );
}
