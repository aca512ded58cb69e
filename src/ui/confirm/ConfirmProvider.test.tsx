import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { ConfirmProvider } from './ConfirmProvider';
import type { ConfirmOptions } from './ConfirmContext';
import { useConfirm } from './useConfirm';

function Asker({ options }: { options?: ConfirmOptions }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button onClick={async () => setAnswer(String(await confirm(options)))}>ask</button>
      <output>{answer}</output>
    </>
  );
}

function renderAsker(options?: ConfirmOptions) {
  render(
    <ConfirmProvider>
      <Asker options={options} />
    </ConfirmProvider>,
  );
}

describe('confirm()', () => {
  test('defaults: "Are you sure?", "This action cannot be reversed", OK and Cancel', async () => {
    renderAsker();
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('This action cannot be reversed');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel', 'OK']);
  });

  test('OK resolves true', async () => {
    renderAsker();
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
  });

  test('Cancel resolves false', async () => {
    renderAsker();
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));
  });

  test('Escape resolves false', async () => {
    renderAsker();
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));
  });

  test('takes a title and a message', async () => {
    renderAsker({ title: 'Delete policy?', message: 'Prompts will no longer be checked by it.' });
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete policy?' });
    expect(dialog).toHaveTextContent('Prompts will no longer be checked by it.');
  });

  test('useConfirm needs the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Orphan = () => {
      useConfirm();
      return null;
    };
    expect(() => render(<Orphan />)).toThrow('useConfirm must be used inside a <ConfirmProvider>.');
  });
});
