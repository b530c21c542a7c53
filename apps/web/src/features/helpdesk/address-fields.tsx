import { Select, SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as helpdesk from '@haven/contract/helpdesk';
import { useLanguage } from '../../lib/i18n.ts';
import { validationMessage } from '../../lib/validation.ts';

type Field = keyof helpdesk.AddressBody;
export const ADDRESS_FIELDS: readonly Field[] = [
  'name',
  'email',
  'streetname',
  'housenumber',
  'zipcode',
  'city',
  'country',
  'phone',
];

type Extra = Pick<TextInputProps, 'autoComplete' | 'type' | 'description' | 'inputMode'>;

/** One text field; schema and server errors are both validation codes shown with the label. */
function AddressText({
  control,
  name,
  ...extra
}: { control: Control<helpdesk.AddressBody>; name: Field } & Extra) {
  const { t } = useTranslation('helpdesk');
  const label = t(`address.fields.${name}`);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          {...extra}
          value={field.value}
          label={label}
          withAsterisk
          error={validationMessage(t, fieldState.error?.message, label)}
        />
      )}
    />
  );
}

/** The address form's fields; the postcode hint follows the chosen country. */
export function AddressFields({ control }: { control: Control<helpdesk.AddressBody> }) {
  const { t } = useTranslation('helpdesk');
  const language = useLanguage();
  const country = useWatch({ control, name: 'country' });
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const countries = helpdesk.COUNTRIES.map((code) => ({
    value: code,
    label: names.of(code) ?? code,
  })).sort((a, b) => a.label.localeCompare(b.label, language));
  const example = helpdesk.COUNTRY_RULES[country]?.example;
  const countryLabel = t('address.fields.country');

  return (
    <>
      <AddressText control={control} name="name" autoComplete="name" />
      <AddressText control={control} name="email" type="email" autoComplete="email" />
      <Controller
        control={control}
        name="country"
        render={({ field, fieldState }) => (
          <Select
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={(v) => v && field.onChange(v)}
            onBlur={field.onBlur}
            data={countries}
            allowDeselect={false}
            searchable
            label={countryLabel}
            withAsterisk
            autoComplete="country"
            error={validationMessage(t, fieldState.error?.message, countryLabel)}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <AddressText control={control} name="streetname" autoComplete="address-line1" />
        <AddressText control={control} name="housenumber" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <AddressText
          control={control}
          name="zipcode"
          autoComplete="postal-code"
          description={example && t('address.zipcode_example', { example })}
        />
        <AddressText control={control} name="city" autoComplete="address-level2" />
      </SimpleGrid>
      <AddressText control={control} name="phone" type="tel" autoComplete="tel" inputMode="tel" />
    </>
  );
}
