import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Role } from '../../../domain';
import { metricsMockState, MOCK_METRICS_FAILURE } from '../../../mocks/metricsHandlers';
import { chooseOption } from '../../testing/queries';
import { renderApp, signInAs } from '../../testing/renderApp';
import { PRELOAD_TIMEOUT_MS, preloadObservability } from '../../testing/preload';
import { barsOf, captureDownloads, cellTexts, widget } from './testing';

const metricsCalls = (field: string) => metricsMockState().calls.filter((call) => call.operation === 'Metrics' && call.query.includes(field));

function openDashboard(role: Role = Role.ORG_ADMIN) {
  signInAs(role);
  renderApp('/admin/observability/dashboard');
}

beforeAll(preloadObservability, PRELOAD_TIMEOUT_MS);

describe('observability dashboard', { timeout: 60_000 }, () => {
  test('prompt counts of the default window (Last 7 days, 6-hour buckets), dates as "MMMM d, yyyy"', async () => {
    openDashboard();
    expect(await screen.findByRole('heading', { name: 'Observability', level: 1 })).toBeInTheDocument();
    const counts = await widget('Prompt counts');
    expect(within(counts).getByRole('status', { name: 'Loading Prompt counts' })).toBeInTheDocument();
    expect(await within(counts).findByRole('button', { name: 'All prompts: 42 prompts' })).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: 'Blocked: 5 prompts' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time window' })).toHaveTextContent('Last 7 days');
    expect(screen.getByRole('combobox', { name: 'Language model' })).toHaveTextContent('All Language Models');
    expect(screen.getByTestId('metrics-window').textContent).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} – [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const [call] = metricsCalls('maliciousPrompts');
    expect(call?.variables).toMatchObject({ interval: 'PT6H', customerID: 'cus_acme', organizationID: 'org_acme_research', topN: 10, llmID: null });
    const span = Date.parse(String(call?.variables.maxContextStartTimestamp)) - Date.parse(String(call?.variables.minContextStartTimestamp));
    expect(span).toBeGreaterThan(6 * 86_400_000);
    expect(span).toBeLessThanOrEqual(7 * 86_400_000);
  });

  test('the copyright check widget shows the window\'s matches, answers with a match and withheld answers', async () => {
    openDashboard();
    const copyright = await widget('Copyright check');
    const figure = (label: string) => within(copyright).getByText(label).nextElementSibling?.textContent;
    await waitFor(() => expect(figure('Copyright matches')).toBe('2'));
    expect(figure('Answers with a match')).toBe('1');
    expect(figure('Answers withheld')).toBe('0');
    expect(metricsCalls('copyrightWithheldPrompts')).not.toHaveLength(0);
  });

  test('each window asks for the bucket interval of §9', { timeout: 120_000 }, async () => {
    openDashboard();
    await within(await widget('Prompt counts')).findByRole('button', { name: 'All prompts: 42 prompts' });
    for (const [label, interval] of [
      ['Today', 'PT1H'],
      ['Last 24 hours', 'PT1H'],
      ['This week', 'PT6H'],
      ['This month', 'P1D'],
      ['Last 30 days', 'P1D'],
      ['Last 60 days', 'P2D'],
      ['Last 90 days', 'P3D'],
    ] as const) {
      await chooseOption('Time window', label);
      await waitFor(() => expect(metricsCalls('maliciousPrompts').at(-1)?.variables.interval).toBe(interval));
    }
  });

  test('the language-model filter lists the models and sends llmID', async () => {
    openDashboard();
    await within(await widget('Prompt counts')).findByRole('button', { name: 'All prompts: 42 prompts' });
    await chooseOption('Language model', 'GPT for analysts');
    await waitFor(() => expect(metricsCalls('maliciousPrompts').at(-1)?.variables.llmID).toBe(2));
  });

  test('red-team prompts are left out unless "Include red-team prompts" is ticked; a drill-down asks the same', async () => {
    openDashboard();
    await within(await widget('Prompt counts')).findByRole('button', { name: 'All prompts: 42 prompts' });
    expect(metricsCalls('maliciousPrompts').at(-1)?.variables.includeRedTeam).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include red-team prompts' }));
    await waitFor(() => expect(metricsCalls('maliciousPrompts').at(-1)?.variables.includeRedTeam).toBe(true));
  });

  test('latency per service is shown in seconds (median / 1000)', async () => {
    openDashboard();
    const latency = await widget('Latency per service');
    const table = await within(latency).findByRole('table', { name: 'Latency per service' });
    const medians = within(table).getAllByRole('row').slice(1).map((row) => [cellTexts(row)[0], cellTexts(row)[1]]);
    expect(medians).toEqual([
      ['Prompt Guard', '0.003 s'],
      ['Corporate Data', '0.045 s'],
      ['Policy Engine', '0.008 s'],
      ['Language Model', '1.5 s'],
      ['Verification', '0.12 s'],
    ]);
  });

  test('status per service shows ok, skip and fail, and each figure drills down with its itemIndex', async () => {
    openDashboard();
    const status = await widget('Status per service');
    await userEvent.click(await within(status).findByRole('button', { name: 'Language Model Fail: 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prompts: Language Model · Fail' });
    expect(await within(dialog).findByText('Page 1 of 2 (12 prompts)')).toBeInTheDocument();
    const call = metricsMockState().calls.find((entry) => entry.operation === 'PromptIDs')!;
    expect(call.variables).toMatchObject({ widgetID: 'llmStatus', itemIndex: 2, seriesIndex: null, binIndex: null, page: 1, pageSize: 10 });
  });

  test('tool calls and results of the window, each figure drilling down to the prompts that carried them', async () => {
    openDashboard();
    const tools = await widget('Tool calls and results');
    const calls = await within(tools).findByRole('button', { name: /^Tool calls: \d+$/ });
    for (const label of ['Withheld calls', 'Anonymized calls', 'Tool results', 'Malicious results', 'Anonymized results']) expect(within(tools).getByRole('button', { name: new RegExp(`^${label}: \\d+$`) })).toBeInTheDocument();
    expect(metricsCalls('maliciousToolResults').length).toBeGreaterThan(0);
    await userEvent.click(calls);
    await screen.findByRole('dialog', { name: /Tool calls · prompts of the whole window/ });
    const call = metricsMockState().calls.find((entry) => entry.operation === 'PromptIDs' && entry.variables.widgetID === 'toolCalls');
    expect(call?.variables).toMatchObject({ widgetID: 'toolCalls', page: 1 });
  });

  test('LLM quality: accuracy buckets without verified answers show 100; the other metrics show 0 there', async () => {
    const files = captureDownloads();
    openDashboard();
    const quality = await widget('Language model quality');
    await userEvent.click(await within(quality).findByRole('button', { name: 'Export Accuracy over time as CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const rows = (await files[0]!.text()).trim().split('\r\n');
    expect(rows[0]).toBe('Bucket start,Accuracy,Verified answers');
    // Buckets hold 10, 0, 20 and 12 prompts, then nothing: 70% of them are verified.
    expect(rows.slice(1, 6).map((row) => row.split(',').slice(1).join(','))).toEqual(['82.5,7', '100,0', '82.5,14', '82.5,8', '100,0']);
    await userEvent.click(within(quality).getByRole('button', { name: 'Hallucination' }));
    await userEvent.click(within(quality).getByRole('button', { name: 'Export Hallucination over time as CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect((await files[1]!.text()).split('\r\n')[2]).toMatch(/,0,0$/);
  });

  test('LLM quality: a metric nobody scored says there is no data over its filler buckets', async () => {
    metricsMockState().unscoredQuality = ['llmAccuracy'];
    openDashboard();
    const quality = await widget('Language model quality');
    expect(await within(quality).findByRole('note')).toHaveTextContent('No answer was scored for accuracy in this window: no data yet. Buckets without scores show 100.');
    await userEvent.click(within(quality).getByRole('button', { name: 'Hallucination' }));
    await waitFor(() => expect(within(quality).queryByRole('note')).not.toBeInTheDocument());
  });

  test('top lists resolve names, with Deleted and Unknown labels', async () => {
    openDashboard();
    const tops = await widget('Top lists');
    const users = await within(tops).findByRole('table', { name: 'Top users: All' });
    await waitFor(() => expect(within(users).getByText('Uma User')).toBeInTheDocument());
    expect(within(users).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1Uma User24', '2Olga Admin12', '3Deleted User4', '4Unknown User2']);
    const labels = async (dimension: string, table: string) => {
      await userEvent.click(within(tops).getByRole('combobox', { name: 'By' }));
      await userEvent.click(await screen.findByRole('option', { name: dimension }));
      const found = await within(tops).findByRole('table', { name: table });
      return within(found).getAllByRole('row').slice(1).map((row) => cellTexts(row)[1]);
    };
    expect(await labels('Apps', 'Top apps: All')).toEqual(['HR helpdesk', 'Deleted App']);
    expect(await labels('Policies', 'Top policies: All')).toEqual(['Default protection', 'Deleted Policy']);
    expect(await labels('Attributes', 'Top attributes: All')).toEqual(['PERSON', 'EMAIL_ADDRESS', 'Unknown Attribute']);
    expect(await labels('Language models', 'Top language models: All')).toEqual(['Offline demo model', 'Deleted Language Model']);
    await userEvent.click(within(tops).getByRole('tab', { name: 'Malicious' }));
    expect(await within(tops).findByRole('table', { name: 'Top language models: Malicious' })).toBeInTheDocument();
  });

  test('a top-list item drills down to its prompts, paged, each linking to its lifecycle page', async () => {
    const files = captureDownloads();
    openDashboard();
    const tops = await widget('Top lists');
    await userEvent.click(await within(tops).findByRole('button', { name: 'Prompts of Olga Admin: 12' }));
    const dialog = await screen.findByRole('dialog', { name: /Top users: All · Olga Admin/ });
    expect(await within(dialog).findByText('Page 1 of 2 (12 prompts)')).toBeInTheDocument();
    expect(metricsMockState().calls.find((entry) => entry.operation === 'PromptIDs')?.variables).toMatchObject({ widgetID: 'topUsers', itemIndex: 1 });
    await waitFor(() => expect(within(dialog).getByText('Question number 1 about travel')).toBeInTheDocument());
    expect(within(dialog).getByRole('link', { name: 'Lifecycle of prompt prm_metrics_1' })).toHaveAttribute('href', '/admin/chat/cnv_budget/prompt/prm_metrics_1/details');
    expect(within(dialog).getAllByRole('row')).toHaveLength(11);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Export Prompts Top users: All · Olga Admin page 1 as CSV$/ }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = (await files[0]!.text()).trim().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Prompt id,Time,User,Prompt,Outcome,Lifecycle');
    expect(lines[1]).toBe('prm_metrics_1,2026-03-06T08:01:00.000Z,user@demo.test,Question number 1 about travel,Anonymized,/admin/chat/cnv_budget/prompt/prm_metrics_1/details');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Page 2 of 2 (12 prompts)')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Lifecycle of prompt prm_metrics_12' })).toHaveAttribute('href', '/admin/chat/cnv_older/prompt/prm_metrics_12/details');
    await userEvent.click(within(dialog).getByRole('link', { name: 'Lifecycle of prompt prm_metrics_12' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/chat/cnv_older/prompt/prm_metrics_12/details'));
  });

  test('a bar of the time series drills down to its bucket (seriesIndex), a histogram bin to its binIndex', async () => {
    openDashboard();
    const counts = await widget('Prompt counts');
    await within(counts).findByRole('button', { name: 'All prompts: 42 prompts' });
    const series = within(counts).getByRole('img', { name: 'All prompts over time' });
    await waitFor(() => expect(barsOf(series).length).toBeGreaterThan(0));
    // Bucket 1 holds no prompts and draws no bar: the second bar drawn is bucket 2.
    fireEvent.click(barsOf(series)[1]!.querySelector('path') ?? barsOf(series)[1]!);
    await screen.findByRole('dialog', { name: /^Prompts: All prompts · / });
    await waitFor(() => expect(metricsMockState().calls.find((entry) => entry.operation === 'PromptIDs')?.variables).toMatchObject({ widgetID: 'prompts', seriesIndex: 2 }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    const latency = await widget('Latency per service');
    const histogram = await within(latency).findByRole('img', { name: 'Language Model latency histogram' });
    await waitFor(() => expect(barsOf(histogram).length).toBeGreaterThan(0));
    fireEvent.click(barsOf(histogram)[0]!.querySelector('path') ?? barsOf(histogram)[0]!);
    await screen.findByRole('dialog', { name: /Language Model latency · 1.2–1.6 s/ });
    await waitFor(() => expect(metricsMockState().calls.filter((entry) => entry.operation === 'PromptIDs').at(-1)?.variables).toMatchObject({ widgetID: 'llmLatency', binIndex: 3 }));
  });

  test('risk leaderboards label scores High, Medium and Low', async () => {
    openDashboard();
    const risk = await widget('Risk leaderboards');
    const table = await within(risk).findByRole('table', { name: 'Risk leaderboard: users' });
    await waitFor(() => expect(within(table).getByText('Uma User')).toBeInTheDocument());
    expect(within(table).getAllByRole('row').slice(1).map((row) => [cellTexts(row)[1], cellTexts(row)[3], cellTexts(row)[4]])).toEqual([
      ['Uma User', '0.72', 'High'],
      ['Deleted User', '0.5', 'Medium'],
      ['Olga Admin', '0.1', 'Low'],
    ]);
  });

  test('one failing widget shows its error and retries on its own; the others load', async () => {
    metricsMockState().failFields = ['csLatency'];
    openDashboard();
    const latency = await widget('Latency per service');
    expect(await within(latency).findByText(MOCK_METRICS_FAILURE)).toBeInTheDocument();
    expect(await within(await widget('Prompt counts')).findByRole('button', { name: 'All prompts: 42 prompts' })).toBeInTheDocument();
    metricsMockState().failFields = [];
    await userEvent.click(within(latency).getByRole('button', { name: 'Retry' }));
    expect(await within(latency).findByRole('table', { name: 'Latency per service' })).toBeInTheDocument();
  });

  test('a window without prompts shows each widget empty', async () => {
    metricsMockState().bucketPrompts = [];
    openDashboard();
    for (const title of ['Prompt counts', 'Status per service', 'Latency per service', 'Token usage per stage', 'Top lists', 'Risk leaderboards']) {
      expect(await within(await widget(title)).findByText('No prompts in this window.')).toBeInTheDocument();
    }
    expect(await within(await widget('Language model quality')).findByText('No verified answers in this window.')).toBeInTheDocument();
  });

  test('a CUSTOMER_ADMIN picks one of their organizations; the queries name it', async () => {
    openDashboard(Role.CUSTOMER_ADMIN);
    const counts = await widget('Prompt counts');
    await within(counts).findByRole('button', { name: 'All prompts: 42 prompts' });
    expect(metricsCalls('maliciousPrompts').at(-1)?.variables).toMatchObject({ customerID: 'cus_acme', organizationID: 'org_acme_research' });
    // The models of an organization are not listed to a CUSTOMER_ADMIN: no model filter.
    expect(screen.queryByRole('combobox', { name: 'Language model' })).not.toBeInTheDocument();
    await chooseOption('Organization', 'Acme Sales');
    await waitFor(() => expect(metricsCalls('maliciousPrompts').at(-1)?.variables.organizationID).toBe('org_acme_sales'));
  });
});
