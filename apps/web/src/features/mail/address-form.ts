import type { z } from 'zod';
import * as mail from '@haven/contract/mail';
import { refinePasswordPolicy } from '../../components/password/password-schema.ts';

/** The mailbox detail form: the contract's update body, plus the password policy when one is typed. */
export const addressFormSchema = (name: string) =>
  mail.updateAddressBody.superRefine(refinePasswordPolicy(name));

export type AddressForm = z.input<typeof mail.updateAddressBody>;
export type AddressFormOutput = z.output<typeof mail.updateAddressBody>;

export function addressFormValues(detail: mail.MailAddressDetail): AddressForm {
  return {
    password: '',
    passwordRepeat: '',
    forwarding: { address: detail.forwarding.address },
    alias: detail.alias,
    quota: detail.quota,
    autoresponder: detail.autoresponder,
    spamfilter: detail.spamfilter,
  };
}
