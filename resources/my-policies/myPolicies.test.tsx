import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../domain';
import { policyMockState } from '../../mocks/policyHandlers';
import { renderApp, signInAs } from '../../src/testing/renderApp';

describe('policies that apply to a user (USER, read-only)', { timeout: 60_000 }, () => {
  test('the list shows each policy, who it applies to and what it does, without create or delete', async () => {
    signInAs(Role.USER);
    renderApp('/policies');
    const row = (await screen.findByText('Default protection')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Type', 'Applies to', 'What it does']);
    expect(within(row).getByText('Global Policy')).toBeInTheDocument();
    expect(within(row).getByText('Everyone')).toBeInTheDocument();
    expect(within(row).getByText('Blocks, redacts and anonymizes (3 rules)')).toBeInTheDocument();
    expect(within(screen.getByText('Analysts: no merger talk').closest('tr')!).getByText('Blocks (1 rule)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /new|create/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  test('a policy explains in plain words what each rule does to the user’s prompts', async () => {
    signInAs(Role.USER);
    renderApp('/policies');
    await userEvent.click(await screen.findByText('Default protection'));
    await waitFor(() => expect(window.location.pathname).toBe('/policies/pol_default/show'));
    expect(await screen.findByRole('heading', { name: 'Default protection', level: 1 })).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Rules in plain words' });
    expect(within(rules).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1. Block prompt injectionWhen your prompt looks like an attempt to override the assistant’s instructions, your prompt is blocked and not sent to the model.',
      '2. Redact secretsWhen your prompt contains secrets such as API keys, passwords and access tokens, it is replaced by a label naming its type before the model sees it.',
      '3. Anonymize personal dataWhen your prompt contains personal data of these types: PERSON, EMAIL_ADDRESS, PHONE_NUMBER, CREDIT_CARD, IBAN_CODE, US_SSN and 4 more, it is replaced by a numbered placeholder before the model sees it, and the original comes back in the reply.',
    ]);
    expect(screen.getByText(/a block from any applicable policy blocks the prompt/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  test('without policies the page says prompts go through unchanged', async () => {
    policyMockState().policies = [];
    signInAs(Role.USER);
    renderApp('/policies');
    expect(await screen.findByText('No policies apply to you')).toBeInTheDocument();
  });
});
