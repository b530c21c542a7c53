import { describe, expect, it } from 'vitest';
import { addressBody, normalizeZipcode, validHousenumber } from './helpdesk.ts';

const good = {
  name: 'Jan Jansen',
  email: 'jan@example.nl',
  streetname: 'Dorpsstraat',
  housenumber: '12a',
  zipcode: '1234ab',
  city: 'Utrecht',
  country: 'NL',
  phone: '+31 30 123 4567',
};

const fieldsOf = (input: unknown): Record<string, string> => {
  const r = addressBody.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('helpdesk address rules', () => {
  it('stores a Dutch postcode as 1234 AB', () => {
    expect(addressBody.parse(good).zipcode).toBe('1234 AB');
    expect(normalizeZipcode('NL', ' 1234  ab ')).toBe('1234 AB');
  });

  it.each(['0123 AB', '1234 SA', '1234 SS', '12345', '1234 A', '1234-AB', 'ABCD EF'])(
    'refuses the Dutch postcode %s',
    (zipcode) => expect(fieldsOf({ ...good, zipcode })).toEqual({ zipcode: 'zipcode' }),
  );

  it('judges the postcode by the chosen country', () => {
    expect(normalizeZipcode('BE', '1000')).toBe('1000');
    expect(normalizeZipcode('DE', '10115')).toBe('10115');
    expect(normalizeZipcode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizeZipcode('LU', 'L-1234')).toBe('1234');
    expect(normalizeZipcode('BE', '1234 AB')).toBeUndefined();
    expect(normalizeZipcode('XX', '1234')).toBeUndefined();
    expect(fieldsOf({ ...good, country: 'DE' })).toEqual({ zipcode: 'zipcode' });
  });

  it('wants a Dutch house number to start with a number', () => {
    expect(validHousenumber('NL', '12')).toBe(true);
    expect(validHousenumber('NL', '12-1')).toBe(true);
    expect(validHousenumber('NL', '0')).toBe(false);
    expect(validHousenumber('NL', 'Rose Cottage')).toBe(false);
    expect(validHousenumber('GB', 'Rose Cottage')).toBe(true);
    expect(fieldsOf({ ...good, housenumber: 'abc' })).toEqual({ housenumber: 'housenumber' });
  });

  it('refuses missing fields, bad mail and phone, unknown countries and extra keys', () => {
    expect(fieldsOf({ ...good, name: ' ' })).toEqual({ name: 'required' });
    expect(fieldsOf({ ...good, email: 'nope' })).toEqual({ email: 'email' });
    expect(fieldsOf({ ...good, phone: '12' })).toEqual({ phone: 'phone' });
    expect(fieldsOf({ ...good, city: 'a\nb' })).toEqual({ city: 'regex' });
    expect(fieldsOf({ ...good, country: 'XX' })).toEqual({ country: 'required' });
    expect(addressBody.safeParse({ ...good, customer_id: 2 }).success).toBe(false);
  });
});
