import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../domain';
import { copyrightMockState } from '../../mocks/copyrightHandlers';
import { captureBodies, listCalls, logRequests } from '../../mocks/requestLog';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf } from '../../src/testing/queries';

describe('protected works (ORG_ADMIN)', { timeout: 90_000 }, () => {
  test('the list at /admin/protected-works reads /api/v1/protected-works with indexing status and match counts', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/protected-works');
    expect(await screen.findByRole('heading', { name: 'Protected Works', level: 1 })).toBeInTheDocument();
    await screen.findByText('Employee handbook');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Indexing', 'Characters', 'Fingerprints', 'Matches', 'Registered', 'Actions']);
    expect(within(rowOf('Employee handbook')).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5)).toEqual(['Employee handbook', 'Complete', '31,877', '2,410', '3']);
    expect(within(rowOf('Product source code')).getByText('Inprogress')).toBeInTheDocument();
    expect(listCalls(log, '/api/v1/protected-works')[0]?.list).toEqual({ sort: ['Name', 'ASC'], range: [0, 9], filter: {} });
    const figures = screen.getByRole('region', { name: 'Copyright matches, last 7 days' });
    expect(await within(figures).findByLabelText('Passages matched')).toHaveTextContent('3');
    expect(within(figures).getByLabelText('Answers withheld')).toHaveTextContent('1');
    expect(within(figures).getByText('Most matched: Employee handbook (3)')).toBeInTheDocument();
    // The side navigation places it under Integrations and Data Sources.
    expect(screen.getByRole('link', { name: /Protected Works/ })).toHaveAttribute('href', '/admin/protected-works');
  });

  test('the copyright check setting is read and saved; a bad minimum is refused before any call', async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('PUT', /^\/api\/v1\/copyright-settings$/);
    renderApp('/admin/protected-works');
    const card = await screen.findByRole('region', { name: 'Copyright check' });
    const action = within(card).getByRole('combobox', { name: 'When an answer reproduces a work' });
    await waitFor(() => expect(action).toHaveTextContent('Show the answer with a warning naming the match'));
    await userEvent.click(action);
    await userEvent.click(await screen.findByRole('option', { name: 'Withhold the answer' }));
    const minimum = within(card).getByRole('spinbutton', { name: 'Minimum match (words)' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '5');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Minimum match must be at least 12 words')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '30');
    await userEvent.click(within(card).getByRole('switch', { name: 'Check licence texts and headers' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ Action: 'block_response', LicenceCheck: false, MinMatchTokens: 30, ServiceUrl: null, ServiceApiKey: null, ClearServiceApiKey: false }]));
    expect(copyrightMockState().settings).toMatchObject({ Action: 'block_response', LicenceCheck: false, MinMatchTokens: 30 });
  });

  test('the external copyright service: URL and write-only key saved, a bad URL refused before any call, Test shows the answer', async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('PUT', /^\/api\/v1\/copyright-settings$/);
    renderApp('/admin/protected-works');
    const card = await screen.findByRole('region', { name: 'Copyright check' });
    const url = within(card).getByRole('textbox', { name: 'Service URL' });
    await waitFor(() => expect(url).toBeEnabled());
    expect(within(card).getByRole('button', { name: 'Test' })).toBeDisabled();
    await userEvent.type(url, 'ftp://copyright.example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(/Service URL must be an http\(s\) URL/)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://copyright.example.com/v1/check');
    await userEvent.type(within(card).getByLabelText('API key'), 'sk-secret');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([expect.objectContaining({ ServiceUrl: 'https://copyright.example.com/v1/check', ServiceApiKey: 'sk-secret', ClearServiceApiKey: false })]));
    expect(await within(card).findByText('A key is stored; leave empty to keep it.')).toBeInTheDocument();
    expect(within(card).getByLabelText('API key')).toHaveValue('');
    expect(JSON.stringify(copyrightMockState().settings)).not.toContain('sk-secret');
    await userEvent.click(within(card).getByRole('button', { name: 'Test' }));
    expect(await within(card).findByText(/The copyright service answered with 0 matches/)).toBeInTheDocument();
  });

  test('create registers pasted text; a work with neither file nor text is refused', async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/protected-works$/);
    renderApp('/admin/protected-works/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Supplier contract');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give either a file or the text of the work')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Text of the work' }), 'The supplier shall deliver the goods within thirty days.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ Name: 'Supplier contract', Description: null, Text: 'The supplier shall deliver the goods within thirty days.' }]));
    expect(await screen.findByText('Supplier contract')).toBeInTheDocument();
    expect(copyrightMockState().works.map((work) => work.Name)).toContain('Supplier contract');
  });
});
