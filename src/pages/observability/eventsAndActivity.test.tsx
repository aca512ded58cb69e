import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { Role } from '../../../domain';
import { metricsMockState } from '../../../mocks/metricsHandlers';
import { logRequests } from '../../../mocks/requestLog';
import { chooseOption, rowOf } from '../../testing/queries';
import { renderApp, signInAs } from '../../testing/renderApp';
import { PRELOAD_TIMEOUT_MS, preloadObservability } from '../../testing/preload';
import { captureDownloads, cellTexts, widget } from './testing';

beforeAll(preloadObservability, PRELOAD_TIMEOUT_MS);

describe('critical events', { timeout: 60_000 }, () => {
  test('blocked, malicious and failed prompts, newest first, each linking to its lifecycle page', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/critical-events');
    expect(await screen.findByRole('heading', { name: 'Critical Events', level: 1 })).toBeInTheDocument();
    await screen.findByText('Instruction override');
    const reasons = screen.getAllByRole('row').slice(1).map((row) => cellTexts(row)[5]);
    expect(reasons).toEqual(['The provider answered 502: upstream unavailable, "retry later"', expect.stringContaining('Your prompt was blocked'), 'Instruction override']);
    const failed = rowOf('HR helpdesk');
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByRole('link', { name: 'Lifecycle of prompt prm_failed' })).toHaveAttribute('href', '/admin/chat/-/prompt/prm_failed/details');
    const blocked = rowOf('Your prompt was blocked by the policy "Default protection" (rule "Block prompt injection").');
    expect(within(blocked).getByText('Blocked')).toBeInTheDocument();
    expect(within(blocked).getByText('Malicious')).toBeInTheDocument();
    expect(within(blocked).getByRole('link', { name: 'Lifecycle of prompt prm_blocked' })).toHaveAttribute('href', '/admin/chat/cnv_budget/prompt/prm_blocked/details');
    const list = log.filter((entry) => entry.url.pathname === '/api/v1/observability/critical-events');
    expect(list[0]?.list.sort).toEqual(['CreatedAt', 'DESC']);
  });

  test('filters by kind and text', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/critical-events');
    await screen.findByText('Instruction override');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Malicious' }));
    await waitFor(() => expect(screen.queryByText('HR helpdesk')).not.toBeInTheDocument());
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await userEvent.type(screen.getByPlaceholderText('Search events'), 'override');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(log.filter((entry) => entry.url.pathname === '/api/v1/observability/critical-events').at(-1)?.list.filter).toEqual({ Kind: 'malicious', q: 'override' });
  });

  test('leaves red-team prompts out unless "Include red-team prompts" is on', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/critical-events');
    await screen.findByText('Instruction override');
    const eventCalls = () => log.filter((entry) => entry.url.pathname === '/api/v1/observability/critical-events');
    expect(eventCalls().at(-1)?.list.filter).toEqual({});
    await userEvent.click(screen.getByRole('switch', { name: 'Include red-team prompts' }));
    await waitFor(() => expect(eventCalls().at(-1)?.list.filter).toEqual({ IncludeRedTeam: true }));
    expect(await screen.findByText('Instruction override')).toBeInTheDocument();
  });

  test('filters by user and by dates (the To day included)', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/critical-events');
    await screen.findByText('Instruction override');
    await userEvent.type(screen.getByRole('combobox', { name: 'User' }), 'grace');
    await userEvent.click(await screen.findByRole('option', { name: 'grace@acme.example' }));
    await waitFor(() => expect(screen.queryByText('Instruction override')).not.toBeInTheDocument());
    const eventCalls = () => log.filter((entry) => entry.url.pathname === '/api/v1/observability/critical-events');
    expect(eventCalls().at(-1)?.list.filter).toEqual({ UserId: 'usr_grace' });
    // The choices are the organization's users by email, a sort every users list accepts.
    const userCalls = log.filter((entry) => entry.url.pathname === '/api/v1/users' && entry.list.sort !== undefined);
    expect(userCalls.length).toBeGreaterThan(0);
    expect(userCalls.map((entry) => entry.list.sort)).toEqual(userCalls.map(() => ['Email', 'ASC']));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-06' } });
    await waitFor(() => expect(eventCalls().at(-1)?.list.filter).toMatchObject({ From: new Date(2026, 2, 5).toISOString(), To: new Date(2026, 2, 7).toISOString() }));
  });

  test('exports the events as CSV', async () => {
    const files = captureDownloads();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/critical-events');
    await screen.findByText('Instruction override');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toBe('critical-events.csv');
    const lines = (await files[0]!.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Time,Kinds,User,App,Model,Message type,Reason,Prompt id,Lifecycle');
    expect(lines).toContain(
      '2026-03-06T09:30:00.000Z,Failed,org.admin@example.com,HR helpdesk,Offline demo model,PROMPT_COPILOT,"The provider answered 502: upstream unavailable, ""retry later""",prm_failed,/admin/chat/-/prompt/prm_failed/details',
    );
  });

  test('a CUSTOMER_ADMIN’s list names the chosen organization', async () => {
    const log = logRequests();
    signInAs(Role.CUSTOMER_ADMIN);
    renderApp('/admin/observability/critical-events');
    await screen.findByText('Instruction override');
    expect(log.find((entry) => entry.url.pathname === '/api/v1/observability/critical-events')?.url.searchParams.get('organizationID')).toBe('org_acme_research');
    await chooseOption('Organization', 'Acme Sales');
    await waitFor(() =>
      expect(log.filter((entry) => entry.url.pathname === '/api/v1/observability/critical-events').at(-1)?.url.searchParams.get('organizationID')).toBe('org_acme_sales'),
    );
  });
});

describe('activity monitor', { timeout: 60_000 }, () => {
  test('users with their prompts, blocked, malicious and tokens; a user’s prompts over time', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/observability/user-activity');
    expect(await screen.findByRole('heading', { name: 'Activity Monitor', level: 1 })).toBeInTheDocument();
    const table = await within(await widget('Users')).findByRole('table', { name: 'User activity' });
    await waitFor(() => expect(within(table).getByText('Uma User')).toBeInTheDocument());
    expect(within(table).getAllByRole('row').slice(1).map((row) => cellTexts(row))).toEqual([
      ['Uma User', '24', '8', '12', '6', '5', '748', 'High'],
      ['Olga Admin', '12', '4', '6', '3', '2', '190', 'Low'],
      ['Deleted User', '4', '0', '0', '0', '0', '550', 'Medium'],
      ['Unknown User', '2', '0', '0', '0', '0', '—', '—'],
    ]);
    const usersQuery = metricsMockState().calls.find((call) => call.query.includes('topBlockedUsers') && !call.query.includes('topBlockedPolicies'));
    expect(usersQuery?.variables.topN).toBe(50);

    await userEvent.click(within(table).getByRole('button', { name: 'Activity of Olga Admin' }));
    const activity = await widget('Activity of Olga Admin');
    expect(await within(activity).findByRole('button', { name: 'All prompts: 6 prompts' })).toBeInTheDocument();
    expect(metricsMockState().calls.filter((call) => call.query.includes('maliciousPrompts')).at(-1)?.variables.userID).toBe('usr_org_admin');

    await userEvent.click(within(table).getByRole('button', { name: 'Blocked prompts of Uma User: 8' }));
    await screen.findByRole('dialog', { name: 'Prompts: Blocked · Uma User' });
    await waitFor(() => expect(metricsMockState().calls.find((call) => call.operation === 'PromptIDs')?.variables).toMatchObject({ widgetID: 'topBlockedUsers', itemIndex: 0 }));
  });
});
