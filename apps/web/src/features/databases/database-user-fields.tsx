import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as databases from '@haven/contract/databases';
import { ServicePasswordFields } from '../../components/password/service-password.tsx';
import { PrefixedNameField } from './prefixed-name-input.tsx';

interface Props<V extends FieldValues> {
  control: Control<V>;
  /** The form field of the user's name (the part after the prefix); the password is `password`. */
  name: Path<V>;
  prefix: string | null;
}

/** A database user's name after the prefix, and its password with the repeat. */
export function DatabaseUserFields<V extends FieldValues>({ control, name, prefix }: Props<V>) {
  const { t } = useTranslation('databases');
  const username: unknown = useWatch({ control, name });
  return (
    <>
      <PrefixedNameField
        control={control}
        name={name}
        label={t('fields.username')}
        prefix={prefix}
        maxLength={databases.DATABASE_USER_PART_MAX}
      />
      <ServicePasswordFields
        control={control}
        invalidText={t('error.invalid_password')}
        label={t('fields.password')}
        repeatLabel={t('fields.password_repeat')}
        // The rules list checks the name as the server will store it.
        username={
          typeof username === 'string' ? username.trim().toLowerCase() || undefined : undefined
        }
      />
    </>
  );
}
