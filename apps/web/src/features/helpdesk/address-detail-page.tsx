import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import * as helpdesk from '@haven/contract/helpdesk';
import { AddFormScreen } from '../../components/add-form-screen.tsx';
import { OnlyIfExists } from '../../components/only-if-exists.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { toast } from '../../components/toast.ts';
import { isApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { routePath } from '../../lib/paths.ts';
import { ADDRESS_FIELDS, AddressFields } from './address-fields.tsx';
import { useAddress, useUpdateAddress } from './api.ts';

type Input = helpdesk.AddressBody;

function AddressForm({ address }: { address: helpdesk.Address }) {
  const { t } = useTranslation('helpdesk');
  const navigate = useNavigate();
  const update = useUpdateAddress(address.id);
  const form = useForm<Input, unknown, helpdesk.AddressInput>({
    resolver: zodResolver(helpdesk.addressBody),
    defaultValues: {
      name: address.name,
      email: address.email,
      streetname: address.streetname,
      housenumber: address.housenumber,
      zipcode: address.zipcode,
      city: address.city,
      country: (address.country || 'NL') as helpdesk.Country,
      phone: address.phone,
    },
  });
  const onSubmit = form.handleSubmit((body) => {
    if (update.isPending) return;
    update.mutate(body, {
      onSuccess: () => {
        toast.success(t('address.saved', { domain: address.domain }));
        void navigate(routePath('helpdeskaddress'));
      },
      onError: (error) => {
        // The server judges with the same schema; its field codes go on the fields.
        if (!isApiError(error)) return;
        for (const name of ADDRESS_FIELDS) {
          const code = error.fields[name];
          if (code) form.setError(name, { type: 'validate', message: code }, { shouldFocus: true });
        }
      },
    });
  });
  const fieldFailure = isApiError(update.error) && Object.keys(update.error.fields).length > 0;

  return (
    <AddFormScreen
      header={{
        title: t('address.edit_title', { domain: address.domain }),
        intro: t('address.edit_intro', { product: t(`address.product.${address.product}`) }),
        back: { to: routePath('helpdeskaddress'), label: t('address.back') },
      }}
      onSubmit={onSubmit}
      error={update.isError && !fieldFailure ? errorText(t, update.error) : undefined}
      submit={{ label: t('address.submit'), pending: update.isPending }}
    >
      <AddressFields control={form.control} />
    </AddFormScreen>
  );
}

/** One contact address to edit; another customer's (or none) is simply not there. */
export function AddressDetailPage() {
  const { id = '' } = useParams();
  const valid = /^[1-9][0-9]{0,9}$/.test(id);
  const address = useAddress(Number(id), valid);
  return (
    <OnlyIfExists query={address} invalid={!valid}>
      <QueryState query={address}>
        {() => address.data && <AddressForm address={address.data} />}
      </QueryState>
    </OnlyIfExists>
  );
}
