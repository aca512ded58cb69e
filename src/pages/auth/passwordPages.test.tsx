import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import {
  FORGOT_PASSWORD_ANSWER,
  INVALID_RESET_LINK_MESSAGE,
  MOCK_RESET_TOKEN,
  PASSWORD_SET_MESSAGE,
} from '../../../mocks/handlers';
import { renderApp } from '../../testing/renderApp';
import { stubLocationAssign } from '../../testing/stubLocationAssign';

async function choosePassword(password: string, confirmation: string, submitLabel: string) {
  await userEvent.type(await screen.findByLabelText('New password', { selector: 'input' }), password);
  await userEvent.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), confirmation);
  await userEvent.click(screen.getByRole('button', { name: submitLabel }));
}

describe('/forgot-password', () => {
  test('shows the server answer', async () => {
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email', { selector: 'input' }), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_ANSWER)).toBeInTheDocument();
  });
});

describe('/password/reset', () => {
  test('checks the password rules and the confirmation before calling the server', async () => {
    renderApp(`/password/reset?token=${MOCK_RESET_TOKEN}`);
    await choosePassword('short', 'shorter', 'Set new password');
    expect(await screen.findByText('Use at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
  });

  test('a bad link shows the server message', async () => {
    renderApp('/password/reset?token=expired-token-000000000000');
    await choosePassword('a long new password', 'a long new password', 'Set new password');
    expect(await screen.findByText(INVALID_RESET_LINK_MESSAGE)).toBeInTheDocument();
  });

  test('a new password leads to the sign-in page with the server message', async () => {
    renderApp(`/password/reset?token=${MOCK_RESET_TOKEN}`);
    await choosePassword('a long new password', 'a long new password', 'Set new password');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByText(PASSWORD_SET_MESSAGE)).toBeInTheDocument();
  });

  test('without a token the link is called incomplete', async () => {
    renderApp('/password/reset');
    expect(await screen.findByText('This reset link is incomplete. Ask for a new one.')).toBeInTheDocument();
  });
});

describe('/welcome', () => {
  test('with a token a new user sets a first password', async () => {
    renderApp(`/welcome?token=${MOCK_RESET_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Welcome to AI Governance Console' })).toBeInTheDocument();
    await choosePassword('my first password', 'my first password', 'Set password');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  test('without a token: a short welcome with a sign-in link', async () => {
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome to AI Governance Console' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('/logout and /error', () => {
  test('/logout hands over to the server logout', async () => {
    const assign = stubLocationAssign();
    localStorage.setItem('AuthStorage', '{}');
    renderApp('/logout');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/google/logout'));
    expect(localStorage.getItem('AuthStorage')).toBeNull();
  });

  test('/error shows the crash screen', async () => {
    renderApp('/error');
    expect(await screen.findByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
  });
});
