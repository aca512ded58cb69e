import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, useNotify } from 'react-admin';
import { expect, test } from 'vitest';
import { i18nProvider } from '../../i18n';
import { ToastNotifications } from './ToastNotifications';

function NotifyButtons() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify('Policy saved', { type: 'success' })}>first</button>
      <button onClick={() => notify('Sync failed', { type: 'error' })}>second</button>
      <button onClick={() => notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } })}>
        translated
      </button>
    </>
  );
}

function renderWithNotifications() {
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <NotifyButtons />
      <ToastNotifications />
    </AdminContext>,
  );
}

test('react-admin notices become toasts at the top right, closing after 3000 ms', async () => {
  renderWithNotifications();
  await userEvent.click(screen.getByRole('button', { name: 'first' }));

  const toast = await screen.findByText('Policy saved');
  const container = toast.closest('.Toastify__toast-container');
  expect(container).toHaveClass('Toastify__toast-container--top-right');
  expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
  const progress = document.querySelector('.Toastify__progress-bar');
  expect(progress).toHaveStyle({ animationDuration: '3000ms' });
});

test('the newest toast is on top; types carry over', async () => {
  renderWithNotifications();
  await userEvent.click(screen.getByRole('button', { name: 'first' }));
  await screen.findByText('Policy saved');
  await userEvent.click(screen.getByRole('button', { name: 'second' }));
  await screen.findByText('Sync failed');

  const toasts = [...document.querySelectorAll('.Toastify__toast')];
  expect(toasts.map((toast) => toast.textContent)).toEqual(['Sync failed', 'Policy saved']);
  expect(toasts[0]).toHaveClass('Toastify__toast--error');
});

test('react-admin message keys are translated', async () => {
  renderWithNotifications();
  await userEvent.click(screen.getByRole('button', { name: 'translated' }));
  expect(await screen.findByText('Element updated')).toBeInTheDocument();
});
