import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { renderPage } from '../../test/render.tsx';
import { PermissionsDialog } from './permissions-dialog.tsx';

beforeAll(() => i18n.loadNamespaces(['filemanager']));

describe('PermissionsDialog', () => {
  it('keeps the three octal digits and the rwx checkboxes in sync', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderPage(
      <PermissionsDialog
        name="index.php"
        permissions="0644"
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    const octal = await screen.findByLabelText('Octaal (bijvoorbeeld 644)');
    expect(octal).toHaveValue('644');
    // The theme names every dialog's close button; the table's corner header has a name too.
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Voor wie' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Eigenaar: Schrijven' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Groep: Schrijven' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Eigenaar: Uitvoeren' }));
    expect(octal).toHaveValue('744');
    await userEvent.clear(octal);
    await userEvent.type(octal, '9750');
    expect(octal).toHaveValue('750');
    expect(screen.getByRole('checkbox', { name: 'Groep: Uitvoeren' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Anderen: Lezen' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit).toHaveBeenCalledWith('750');
  });
});
