import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../domain';
import { aiConfigMockState } from '../../mocks/aiConfigHandlers';
import { captureBodies, listCalls, logRequests } from '../../mocks/requestLog';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf, chooseOption } from '../../src/testing/queries';

describe('verification sources (ORG_ADMIN)', { timeout: 30_000 }, () => {
  test('the list at /admin/verifier reads /api/v1/verifiers and shows the human labels', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/verifier');
    expect(await screen.findByRole('heading', { name: 'Verification Sources', level: 1 })).toBeInTheDocument();
    await screen.findByText('Toxicity service');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Metric types',
      'Intensity',
      'Threshold',
      'On failure',
      'Runs on',
      'Enabled',
      'Actions',
    ]);
    expect(within(rowOf('Grounding check')).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 7)).toEqual([
      'Grounding check',
      'HallucinationToxicity',
      'Medium',
      '70',
      'Show the response with a warning',
      'Built-in checks',
      'Enabled',
    ]);
    expect(within(rowOf('Toxicity service')).getByText('Block the response')).toBeInTheDocument();
    expect(within(rowOf('Toxicity service')).getByText('https://verify.example.com/v2/verify (API v2)')).toBeInTheDocument();
    expect(listCalls(log, '/api/v1/verifiers')[0]?.list).toEqual({ sort: ['Name', 'ASC'], range: [0, 9], filter: {} });
  });

  test('create offers every metric type, intensity, API version and action by label, validated with the domain schema', async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/verifiers$/);
    renderApp('/admin/verifier/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Strict facts');
    const metrics = screen.getByRole('group', { name: 'Metric types' });
    expect(within(metrics).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      'Hallucination',
      'Toxicity',
      'Bias',
      'Factuality',
      'Relevancy',
      'Accuracy',
      'Response accuracy',
    ]);
    await userEvent.click(within(metrics).getByRole('checkbox', { name: 'Hallucination' }));
    await userEvent.click(within(metrics).getByRole('checkbox', { name: 'Toxicity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one metric type')).toBeInTheDocument();

    await userEvent.click(within(metrics).getByRole('checkbox', { name: 'Response accuracy' }));
    await userEvent.click(within(metrics).getByRole('checkbox', { name: 'Factuality' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Intensity' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['High', 'Medium', 'Low']);
    await userEvent.click(screen.getByRole('option', { name: 'High' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'When an answer fails' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Show the response',
      'Show the response with a warning',
      'Block the response',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Block the response' }));
    await chooseOption('API version', 'v2');
    const threshold = screen.getByRole('spinbutton', { name: 'Threshold' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '101');
    await userEvent.type(screen.getByRole('textbox', { name: 'Endpoint' }), 'ftp://verify.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Threshold must be a whole number from 0 to 100')).toBeInTheDocument();
    expect(screen.getByText(/^Endpoint must be an http\(s\) URL/)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '85');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Endpoint' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      Name: 'Strict facts',
      MetricTypes: ['response_accuracy', 'factuality'],
      Intensity: 'High',
      ApiVersion: 'v2',
      Action: 'block_response',
      Threshold: 85,
      Endpoint: null,
      ApiKey: null,
      ClearApiKey: false,
      Enabled: true,
    });
    expect(await screen.findByText('Verification source created')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/verifier'));
    expect(aiConfigMockState().verifiers.map((verifier) => verifier.Name)).toContain('Strict facts');
  });

  test('on edit the API key is write-only: empty keeps it, and it can be forgotten', async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('PUT', /^\/api\/v1\/verifiers\/ver_external$/);
    renderApp('/admin/verifier/ver_external');
    expect(await screen.findByText('A key is stored — leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^API key/, { selector: 'input' })).toHaveValue('');
    await userEvent.click(screen.getByRole('switch', { name: 'Forget the stored API key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ ApiKey: null, ClearApiKey: true, Endpoint: 'https://verify.example.com/v2/verify' });
    expect(await screen.findByText('Verification source saved')).toBeInTheDocument();
    expect(aiConfigMockState().verifiers.find((verifier) => verifier.id === 'ver_external')?.ApiKeySet).toBe(false);
  });

  test('without an endpoint no key is asked for', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/verifier/ver_grounding');
    expect(await screen.findByRole('textbox', { name: 'Endpoint' })).toHaveValue('');
    expect(screen.getByText('Optional, e.g. https://verify.example.com/v1/verify. Empty = built-in checks.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^API key/, { selector: 'input' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Endpoint' }), 'https://verify.example.com/v1/verify');
    expect(await screen.findByLabelText(/^API key/, { selector: 'input' })).toHaveAttribute('type', 'password');
  });

  test('delete asks first', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/verifier');
    await screen.findByText('Toxicity service');
    await userEvent.click(within(rowOf('Toxicity service')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Verification source deleted')).toBeInTheDocument();
    expect(aiConfigMockState().verifiers.map((verifier) => verifier.Name)).toEqual(['Grounding check']);
  });

  test('without verifiers the empty state invites to add one', async () => {
    aiConfigMockState().verifiers = [];
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/verifier');
    expect(await screen.findByText('No verification sources yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New verification source' })).toBeInTheDocument();
  });
});
