import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_RISK_SETTINGS, Role } from '../../../domain';
import { buildApiError } from '../../../mocks/builders';
import { metricsMockState } from '../../../mocks/metricsHandlers';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../testing/renderApp';
import { PRELOAD_TIMEOUT_MS, preloadObservability } from '../../testing/preload';
import { captureDownloads, widget } from './testing';

const field = (name: string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

async function retype(name: string, value: string) {
  await userEvent.clear(field(name));
  if (value) await userEvent.type(field(name), value);
}

beforeAll(preloadObservability, PRELOAD_TIMEOUT_MS);

describe('risk assessment', { timeout: 60_000 }, () => {
  test('the leaderboard opens each entry’s factor breakdown with levels, and exports it', async () => {
    const files = captureDownloads();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/risk-assessment');
    expect(await screen.findByRole('heading', { name: 'Risk Assessment', level: 1 })).toBeInTheDocument();
    const board = await widget('Risk leaderboards');
    await waitFor(() => expect(within(board).getByText('Uma User')).toBeInTheDocument());
    await userEvent.click(within(board).getByRole('button', { name: 'Factors of Uma User' }));
    const factors = await within(board).findByRole('table', { name: 'Risk factors of Uma User' });
    const row = (label: string) => within(factors).getByText(label).closest('tr')!;
    // Score 0.72 on every factor: accuracy (higher is better) measured 41.2, tokens 748 per prompt.
    expect([...row('LLM accuracy').cells].map((cell) => cell.textContent)).toEqual(['LLM accuracy', '41.2', '7', '3', '10', '0.72', '30 – 70', '1 → 0', 'Medium']);
    expect([...row('Tokens').cells].map((cell) => cell.textContent)).toEqual(['Tokens', '748', '7', '3', '10', '0.72', '100 – 1,000', '0 → 1', 'Medium']);
    expect(row('Blocked prompts ratio').cells[8]?.textContent).toBe('Medium');

    await userEvent.click(within(board).getByRole('button', { name: 'Export Risk leaderboard: users as CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const [header, first] = (await files[0]!.text()).split('\r\n').map((line) => line.split(','));
    expect(header?.slice(0, 8)).toEqual(['Rank', 'Users', 'Id', 'Prompts', 'Risk score', 'Risk', 'LLM accuracy value', 'LLM accuracy score']);
    expect(first?.slice(0, 8)).toEqual(['1', 'Uma User', 'usr_user', '24', '0.72', 'High', '41.2', '0.72']);
    expect(header).toHaveLength(6 + 2 * 10);
  });

  test('settings: per-field messages, Save only when valid, saved per organization, leaderboards asked again', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/risk-assessment');
    await screen.findByRole('form', { name: 'Risk factor settings' });
    expect(field('Tokens value high')).toHaveValue('1000');
    expect(saveButton()).toBeEnabled();

    await retype('Tokens value high', '50');
    expect(await screen.findByText('Value high must be greater than value low')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await retype('Tokens value high', '');
    expect(await screen.findByText('Value high must be a number')).toBeInTheDocument();
    await retype('Tokens value high', '2000');
    await retype('LLM bias score high', '1.5');
    expect(await screen.findByText('Scores are between 0 and 1')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await retype('LLM bias score high', '1');
    await userEvent.click(screen.getByRole('switch', { name: 'Policy skips ratio enabled' }));
    await waitFor(() => expect(saveButton()).toBeEnabled());

    const leaderboardCalls = () => metricsMockState().calls.filter((call) => call.query.includes('topRiskUsers')).length;
    const before = leaderboardCalls();
    await userEvent.click(saveButton());
    expect(await screen.findByText('Risk settings saved')).toBeInTheDocument();
    expect(metricsMockState().riskSettingsSaved).toEqual([
      { organizationID: null, body: { ...DEFAULT_RISK_SETTINGS, tokens: { ...DEFAULT_RISK_SETTINGS.tokens, valueHi: 2000 }, policySkips: { ...DEFAULT_RISK_SETTINGS.policySkips, enabled: false } } },
    ]);
    await waitFor(() => expect(leaderboardCalls()).toBeGreaterThan(before));
    const last = metricsMockState().calls.filter((call) => call.query.includes('topRiskUsers')).at(-1)!;
    expect(last.variables).toMatchObject({ tokensValueHi: 2000, policySkipsEnabled: false });
  });

  test('the server’s field messages show on their fields', async () => {
    server.use(
      http.put('/api/v1/observability/risk-settings', () =>
        HttpResponse.json(buildApiError('Some fields are not valid.', { 'llmToxicity.valueLo': 'Too low for this organization' }), { status: 400 }),
      ),
    );
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/risk-assessment');
    await screen.findByRole('form', { name: 'Risk factor settings' });
    await userEvent.click(saveButton());
    expect(await screen.findByText('Too low for this organization')).toBeInTheDocument();
  });

  test('a CUSTOMER_ADMIN saves the chosen organization’s settings', async () => {
    metricsMockState().riskSettings.org_acme_research = { ...DEFAULT_RISK_SETTINGS, tokens: { ...DEFAULT_RISK_SETTINGS.tokens, valueLo: 200 } };
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/observability/risk-assessment');
    await screen.findByRole('form', { name: 'Risk factor settings' });
    expect(field('Tokens value low')).toHaveValue('200');
    await userEvent.click(saveButton());
    await waitFor(() => expect(metricsMockState().riskSettingsSaved.map((call) => call.organizationID)).toEqual(['org_acme_research']));
  });
});
