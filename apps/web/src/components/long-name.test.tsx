import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LongName, namePieces } from './long-name.tsx';

describe('namePieces', () => {
  it('breaks after dots, @, slashes and underscores', () => {
    expect(namePieces('www.e2e-452e975c.test')).toEqual(['www.', 'e2e-452e975c.', 'test']);
    expect(namePieces('info@example.nl')).toEqual(['info@', 'example.', 'nl']);
    expect(namePieces('shop_db_main')).toEqual(['shop_', 'db_', 'main']);
    expect(namePieces('/httpdocs/css')).toEqual(['/', 'httpdocs/', 'css']);
  });
});

describe('LongName', () => {
  it('marks the breaks of a long name with <wbr> and keeps the text as it is', () => {
    const { container } = render(
      <LongName>{'Subdomein www.my-very-long-shop.example.nl'}</LongName>,
    );
    expect(container.textContent).toBe('Subdomein www.my-very-long-shop.example.nl');
    // After www., my-very-long-shop. and example.: the hyphenated piece stays whole.
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect([...container.querySelectorAll('span span')].map((s) => s.textContent)).toEqual([
      'www.',
      'my-very-long-shop.',
      'example.',
      'nl',
    ]);
  });

  it('leaves a piece longer than a line free to break anywhere', () => {
    const long = 'a'.repeat(40);
    const { container } = render(<LongName>{`${long}.nl`}</LongName>);
    expect(container.querySelectorAll('span span')).toHaveLength(1);
    expect(container.textContent).toBe(`${long}.nl`);
  });

  it('renders short names and sentences of short words as plain text', () => {
    const { container } = render(<LongName>{'Subdomein shop.example.nl toevoegen'}</LongName>);
    expect(container.innerHTML).toBe('Subdomein shop.example.nl toevoegen');
  });

  it('truncates with the full name as the title', () => {
    const { getByTitle } = render(<LongName truncate>{'www.example.nl'}</LongName>);
    expect(getByTitle('www.example.nl').textContent).toBe('www.example.nl');
  });
});
