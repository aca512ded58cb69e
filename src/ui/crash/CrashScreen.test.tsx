import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { AppErrorBoundary } from './AppErrorBoundary';
import { CrashScreen } from './CrashScreen';

test('shows the title, the text, the message and the stack in a collapsible block', async () => {
  const error = new Error('Cannot read properties of undefined (reading "Name")');
  error.stack = 'Error: Cannot read properties\n    at PolicyList (PolicyList.tsx:12:7)';
  render(<CrashScreen error={error} />);

  expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
  expect(
    screen.getByText('Application faced an error while performing certain action. Please refresh and try again.'),
  ).toBeInTheDocument();
  expect(screen.getByTestId('crash-message')).toHaveTextContent('Cannot read properties of undefined (reading "Name")');

  const toggle = screen.getByRole('button', { name: 'Error details' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByTestId('crash-stack')).toHaveTextContent('at PolicyList (PolicyList.tsx:12:7)');
  expect(screen.getByTestId('crash-stack')).toHaveStyle({ fontFamily: 'monospace' });
});

test('the top-level boundary catches a render error', () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Broken = () => {
    throw new Error('render exploded');
  };
  render(
    <AppErrorBoundary>
      <Broken />
    </AppErrorBoundary>,
  );

  expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
  expect(screen.getByTestId('crash-message')).toHaveTextContent('render exploded');
});
