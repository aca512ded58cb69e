import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { ConfigStatus, Role } from '../../domain';
import { buildLanguageModel } from '../../mocks/aiConfigBuilders';
import { aiConfigMockState, MOCK_PROVIDER_ERROR } from '../../mocks/aiConfigHandlers';
import { server } from '../../mocks/node';
import { captureBodies, listCalls, logRequests } from '../../mocks/requestLog';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf } from '../../src/testing/queries';

describe('language models (ORG_ADMIN)', { timeout: 30_000 }, () => {
  test('the list shows name, provider label, model, enabled, groups and the config status with its message', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/language-models');
    expect(await screen.findByRole('heading', { name: 'Language Models', level: 1 })).toBeInTheDocument();
    await screen.findByText('GPT for analysts');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Provider', 'Model', 'Enabled', 'Groups', 'Config status']);
    const demo = within(rowOf('Offline demo model')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(demo).toEqual(['Offline demo model', 'Offline demo model (built-in)', 'offline-demo', 'Enabled', 'Whole organization', 'Not testedTest']);
    const gpt = rowOf('GPT for analysts');
    expect(within(gpt).getByText('OpenAI')).toBeInTheDocument();
    expect(await within(gpt).findByText('Analysts')).toBeInTheDocument();
    await userEvent.hover(within(gpt).getByText('Error'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(MOCK_PROVIDER_ERROR);
    expect(listCalls(log, '/api/v1/language-models')[0]?.list).toEqual({ sort: ['Name', 'ASC'], range: [0, 9], filter: {} });

    await userEvent.type(screen.getByPlaceholderText('Search language models'), 'gpt');
    await waitFor(() => expect(listCalls(log, '/api/v1/language-models').at(-1)?.list.filter).toEqual({ q: 'gpt' }));
  });

  test('Test in a row reads Testing while the provider is asked, then Success with a toast', async () => {
    server.use(
      http.post('/api/v1/language-models/:id/test', async () => {
        await delay(300);
        return undefined;
      }),
    );
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/language-models');
    await screen.findByText('Offline demo model');
    await userEvent.click(within(rowOf('Offline demo model')).getByRole('button', { name: 'Test Offline demo model' }));
    expect(await within(rowOf('Offline demo model')).findByText('Testing')).toBeInTheDocument();
    expect(within(rowOf('Offline demo model')).getByRole('button', { name: 'Testing Offline demo model' })).toBeDisabled();
    expect(await screen.findByText('Offline demo model works: offline-demo answered: «OK»')).toBeInTheDocument();
    expect(await within(rowOf('Offline demo model')).findByText('Success')).toBeInTheDocument();
    expect(aiConfigMockState().languageModels[0]!.ConfigStatus).toBe(ConfigStatus.SUCCESS);
  });

  test('a failing test shows Error and the provider message on the edit page', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/language-models/2');
    await screen.findByRole('heading', { name: 'Connection test' });
    await userEvent.click(screen.getByRole('button', { name: 'Test GPT for analysts' }));
    expect(await screen.findByText('GPT for analysts failed the test: 401 Unauthorized: Incorrect API key provided.')).toBeInTheDocument();
    expect(screen.getByTestId('config-message')).toHaveTextContent(MOCK_PROVIDER_ERROR);
  });

  test('the demo provider hides base URL and key and says it works offline', async () => {
    const user = userEvent.setup();
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/language-models$/);
    renderApp('/admin/language-models/create');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Demo two');
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Offline demo model (built-in)' }));
    expect(await screen.findByText(/it works without internet access/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Base URL' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^API key/, { selector: 'input' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Model' })).toHaveValue('offline-demo'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      Name: 'Demo two',
      Provider: 'demo',
      Model: 'offline-demo',
      BaseUrl: null,
      ApiVersion: null,
      ApiKey: null,
      MaxTokens: 1024,
      Temperature: 0.7,
      Vision: false,
      Enabled: true,
      GroupIds: [],
    });
    expect(await screen.findByText('Language model created')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/language-models/3'));
  });

  test('Azure needs a base URL and a key on create; the key is a password field', async () => {
    const user = userEvent.setup();
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/language-models$/);
    renderApp('/admin/language-models/create');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Azure GPT');
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Azure OpenAI' }));
    await user.type(await screen.findByRole('textbox', { name: 'Deployment' }), 'gpt4o-prod');
    expect(screen.getByRole('textbox', { name: 'API version' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Base URL is required for Azure OpenAI')).toBeInTheDocument();
    expect(screen.getByText('API key is required for Azure OpenAI')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://acme.openai.azure.com');
    const key = screen.getByLabelText(/^API key/, { selector: 'input' });
    expect(key).toHaveAttribute('type', 'password');
    await user.type(key, 'sk-azure');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ Provider: 'azure-openai', Model: 'gpt4o-prod', BaseUrl: 'https://acme.openai.azure.com', ApiKey: 'sk-azure' });
  });

  test('Ollama needs a base URL but no key', async () => {
    const user = userEvent.setup();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/language-models/create');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Local llama');
    await user.click(screen.getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: 'Ollama' }));
    await user.type(await screen.findByRole('textbox', { name: 'Model' }), 'llama3.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Base URL is required for Ollama')).toBeInTheDocument();
    expect(screen.queryByText(/API key is required/)).not.toBeInTheDocument();
    expect(screen.getByText('Optional. Stored encrypted; it is never shown again.')).toBeInTheDocument();
  });

  test('on edit the key is write-only: empty field, "A key is stored", empty keeps it; then back to the list', async () => {
    const user = userEvent.setup();
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('PUT', /^\/api\/v1\/language-models\/2$/);
    renderApp('/admin/language-models/2');
    expect(await screen.findByText('A key is stored — leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByText('Set')).toBeInTheDocument();
    const key = screen.getByLabelText(/^API key/, { selector: 'input' });
    expect(key).toHaveValue('');
    const maxTokens = screen.getByRole('spinbutton', { name: 'Max tokens' });
    await user.clear(maxTokens);
    await user.type(maxTokens, '2048');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ ApiKey: null, MaxTokens: 2048, Provider: 'openai', GroupIds: ['grp_analysts'] });
    expect(await screen.findByText('Language model saved')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/language-models'));
    expect(aiConfigMockState().languageModels[1]).toMatchObject({ ApiKeySet: true, MaxTokens: 2048 });
  });

  test('an optional stored key can be forgotten; a required one cannot', async () => {
    const user = userEvent.setup();
    signInAs(Role.ORG_ADMIN);
    aiConfigMockState().languageModels.push(buildLanguageModel({ id: 7, Name: 'Guarded llama', Provider: 'ollama', Model: 'llama3', BaseUrl: 'http://ollama.internal:11434', ApiKeySet: true }));
    const bodies = captureBodies('PUT', /^\/api\/v1\/language-models\/7$/);
    renderApp('/admin/language-models/7');
    expect(await screen.findByText('A key is stored — leave empty to keep it.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Forget the stored API key' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ ApiKey: null, ClearApiKey: true, Provider: 'ollama' });
    expect(await screen.findByText('Language model saved')).toBeInTheDocument();
    expect(aiConfigMockState().languageModels.find((model) => model.id === 7)).toMatchObject({ ApiKeySet: false });
  });

  test('a required stored key offers no way to forget it', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/language-models/2');
    expect(await screen.findByText('A key is stored — leave empty to keep it.')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Forget the stored API key' })).not.toBeInTheDocument();
  });

  test('delete asks first', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/language-models/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Language model deleted')).toBeInTheDocument();
    expect(aiConfigMockState().languageModels.map((model) => model.Name)).toEqual(['Offline demo model']);
  });

  test('without models the empty state invites to add one', async () => {
    aiConfigMockState().languageModels = [];
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/language-models');
    expect(await screen.findByText('No language models yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New language model' })).toBeInTheDocument();
  });
});
