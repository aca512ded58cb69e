import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { Role } from '../../../domain';
import { appMockState } from '../../../mocks/appHandlers';
import { MOCK_APP_SECRET } from '../../../mocks/appBuilders';
import { buildApiError } from '../../../mocks/builders';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../testing/renderApp';
import { rowOf } from '../../../src/testing/queries';

const helpdesk = () => appMockState().apps.find((app) => app.id === 'app_helpdesk')!;
const stepHeading = (text: string) => screen.findByRole('heading', { name: text, level: 2 });

describe('copilots (ORG_ADMIN)', { timeout: 60_000 }, () => {
  test('the list shows status, set-up progress, models and the last update', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps');
    expect(await screen.findByRole('heading', { name: 'Apps', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^Copilots: apps that answer/)).toBeInTheDocument();
    await screen.findByText('HR helpdesk');
    const draft = rowOf('HR helpdesk');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByText('2 of 7')).toBeInTheDocument();
    const active = rowOf('Research assistant');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('7 of 7')).toBeInTheDocument();
    expect(await within(active).findByText('Offline demo model')).toBeInTheDocument();
    expect(within(active).getByText('Mar 4, 2026', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New copilot' })).toHaveAttribute('href', '/admin/apps/create');
  });

  test('creating a copilot asks only its name, then opens step 1', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/create');
    await userEvent.type(await screen.findByLabelText('Name *'), 'Sales copilot');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/app_new_1/1'));
    expect(await stepHeading('Step 1 of 7: Data sources')).toBeInTheDocument();
    const steps = screen.getByLabelText('Set-up steps');
    expect(within(steps).getAllByText(/./).map((label) => label.textContent)).toEqual(
      expect.arrayContaining(['Data sources', 'Data access', 'RAG configs', 'Language models', 'Policy rules', 'Users and groups', 'Prompt type']),
    );
  });

  test('a later step than the first incomplete one resumes at the first incomplete step', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_helpdesk/6');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/app_helpdesk/3'));
    expect(await stepHeading('Step 3 of 7: RAG configs')).toBeInTheDocument();
  });

  test('opening a copilot being set up resumes where it was left', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_helpdesk');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/app_helpdesk/3'));
  });

  test('step validation blocks Next; a valid step is saved on its own and leads to the next one', async () => {
    Object.assign(helpdesk(), { CompletedStep: 3 });
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_helpdesk/4');
    expect(await stepHeading('Step 4 of 7: Language models')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose at least one language model')).toBeInTheDocument();
    expect(appMockState().stepCalls).toEqual([]);
    expect(window.location.pathname).toBe('/admin/apps/app_helpdesk/4');

    await userEvent.type(screen.getByRole('combobox', { name: /Language models/ }), 'Offline');
    await userEvent.click(await screen.findByRole('option', { name: 'Offline demo model' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/app_helpdesk/5'));
    expect(appMockState().stepCalls).toEqual([{ id: 'app_helpdesk', step: 4, body: { LanguageModelIds: [1], DefaultLanguageModelId: null } }]);
    expect(await stepHeading('Step 5 of 7: Policy rules')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/app_helpdesk/4'));
  });

  test('the server’s field messages show on the step’s fields', async () => {
    server.use(
      http.put('/api/v1/apps/:id/steps/:step', () =>
        HttpResponse.json(buildApiError('Some fields are not valid.', { DataSourceIds: 'Data source cdr_gone is not in your organization' }), { status: 400 }),
      ),
    );
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_helpdesk/1');
    expect(await stepHeading('Step 1 of 7: Data sources')).toBeInTheDocument();
    await screen.findByText('Employee handbook');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Data source cdr_gone is not in your organization')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/apps/app_helpdesk/1');
  });

  test('step 7 requires predefined prompts when the prompt type is predefined; finishing activates the copilot', async () => {
    Object.assign(helpdesk(), { CompletedStep: 6, LanguageModelIds: [1], GroupIds: ['grp_analysts'] });
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_helpdesk/7');
    expect(await stepHeading('Step 7 of 7: Prompt type')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Predefined' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish set-up' }));
    expect(await screen.findByText('Add at least one predefined prompt')).toBeInTheDocument();
    expect(appMockState().stepCalls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add prompt' }));
    await userEvent.type(await screen.findByLabelText('Title *'), 'Leave balance');
    await userEvent.type(screen.getByLabelText('Prompt *'), 'How many days of leave do I have left?');
    await userEvent.click(screen.getByRole('button', { name: 'Finish set-up' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/apps/app_helpdesk'));
    expect(appMockState().stepCalls.at(-1)?.body).toEqual({ PromptType: 2, PredefinedPrompts: [{ Title: 'Leave balance', Prompt: 'How many days of leave do I have left?' }] });
    expect(await screen.findByText('Copilot set up: it is active')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'HR helpdesk', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(await screen.findByLabelText('Prompt type')).toHaveTextContent('Predefined: Leave balance');
  });

  test('the API token is shown once with a copy button and an example call', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_research');
    expect(await screen.findByText('No API token yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'API token of "Research assistant"' });
    expect(within(dialog).getByRole('textbox', { name: 'Secret' })).toHaveTextContent(MOCK_APP_SECRET);
    expect(within(dialog).getByRole('textbox', { name: 'Example call' })).toHaveTextContent(`Authorization: Bearer ${MOCK_APP_SECRET}`);
    expect(dialog).toHaveTextContent('It is shown only once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(MOCK_APP_SECRET);
    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(await screen.findByText(/Token gca_mock_s… created/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rotate API token' })).toBeInTheDocument();
    expect(screen.queryByText(MOCK_APP_SECRET)).not.toBeInTheDocument();
  });

  test('the copilot’s own rate limits are shown and saved with its update; empty uses the organization’s', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith('/api/v1/apps/app_research')) void request.clone().json().then((json) => bodies.push(json));
    });
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_research');
    const limits = await screen.findByRole('region', { name: 'Rate limits' });
    const requests = within(limits).getByRole('spinbutton', { name: 'Requests per minute' });
    expect(requests).toHaveValue(null);
    expect(limits).toHaveTextContent("Empty: the organization's limit.");

    await user.type(requests, '-5');
    await user.click(within(limits).getByRole('button', { name: 'Save rate limits' }));
    expect(await within(limits).findByText('Requests per minute must be a whole number from 1 to 100,000, or empty for the default')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(requests);
    await user.type(requests, '30');
    await user.type(within(limits).getByRole('spinbutton', { name: 'Tokens per minute' }), '20000');
    await user.click(within(limits).getByRole('button', { name: 'Save rate limits' }));
    expect(await screen.findByText('Rate limits saved')).toBeInTheDocument();
    const app = appMockState().apps.find((candidate) => candidate.id === 'app_research')!;
    expect(bodies).toEqual([{ Name: app.Name, Description: app.Description, RequestsPerMinute: 30, TokensPerMinute: 20000 }]);
    expect(app).toMatchObject({ RequestsPerMinute: 30, TokensPerMinute: 20000, Status: 'active' });
  });
  test('the copilot’s allowed tool names are shown and saved with its update; a bad name is refused; empty inherits', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.endsWith('/api/v1/apps/app_research')) void request.clone().json().then((json) => bodies.push(json));
    });
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/apps/app_research');
    const tools = await screen.findByRole('region', { name: 'Allowed tools' });
    expect(tools).toHaveTextContent("No list of its own: the organization's allowed tool names apply.");
    const input = within(tools).getByRole('textbox', { name: 'Allowed tool names' });
    expect(input).toHaveValue('');

    await user.type(input, 'search, send email!');
    await user.click(within(tools).getByRole('button', { name: 'Save allowed tools' }));
    expect(await within(tools).findByText('A tool name is 1 to 64 letters, digits, underscores or dashes')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(input);
    await user.type(input, 'search, get_weather');
    await user.click(within(tools).getByRole('button', { name: 'Save allowed tools' }));
    expect(await screen.findByText('Allowed tools saved')).toBeInTheDocument();
    const app = appMockState().apps.find((candidate) => candidate.id === 'app_research')!;
    expect(bodies).toEqual([{ Name: app.Name, Description: app.Description, AllowedTools: ['search', 'get_weather'] }]);
    expect(app.AllowedTools).toEqual(['search', 'get_weather']);
    expect(await within(tools).findByText('Its token may offer only: search, get_weather (and only those the organization also allows).')).toBeInTheDocument();

    await user.clear(within(tools).getByRole('textbox', { name: 'Allowed tool names' }));
    await user.click(within(tools).getByRole('button', { name: 'Save allowed tools' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ Name: app.Name, Description: app.Description, AllowedTools: null });
    await waitFor(() => expect(appMockState().apps.find((candidate) => candidate.id === 'app_research')!.AllowedTools).toBeNull());
  });
});
