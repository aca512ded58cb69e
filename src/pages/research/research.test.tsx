import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../../domain';
import { SECTION_TITLES } from '../../../domain/schemas/research-search';
import { buildMeta } from '../../../mocks/builders';
import { mockMeta } from '../../../mocks/handlers';
import { researchMockState } from '../../../mocks/researchHandlers';
import { buildSection, buildVoraSearch } from '../../../mocks/researchBuilders';
import { renderApp, signInAs } from '../../testing/renderApp';
import { GAUGE_LEVELS, levelColour } from './RiskGauge';

const sectionCard = (key: string) => screen.findByTestId(`section-${key}`);

describe('research dashboards', () => {
  test('with the flag off, the dashboard redirects like a refused route', async () => {
    signInAs(Role.USER);
    renderApp('/admin/vora-dashboard');
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
  });

  test('a Vora search shows its nine widgets, the gauge, the models used, and chat rules', async () => {
    mockMeta(buildMeta({ Features: { VoraDashboard: true } }));
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/vora-dashboard/s1');
    expect(await screen.findByRole('heading', { name: 'Good Corp', level: 1 })).toBeInTheDocument();
    for (const title of Object.values(SECTION_TITLES)) expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Owner: Olivia Admin')).toBeInTheDocument();
    const models = screen.getByRole('table', { name: 'Language Model(s) used for search.' });
    expect(within(models).getByText('Offline demo model (demo)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Risk score 82 of 100' })).toBeInTheDocument();
    expect(screen.getAllByTestId('gauge-level')).toHaveLength(GAUGE_LEVELS);
    expect(within(await sectionCard('documents')).getByRole('button', { name: 'Ask about Documents' })).toBeDisabled();
    expect(within(await sectionCard('riskProfile')).getByRole('button', { name: 'Ask about Risk Profile' })).toBeEnabled();

    await userEvent.click(within(await sectionCard('cysmo')).getByRole('button', { name: 'Ask about Cysmo Scan' }));
    const input = screen.getByRole('textbox', { name: 'Ask about this company' });
    expect(input).toHaveValue('About Cysmo Scan: ');
    await userEvent.type(input, 'dmarc?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('The scan found DMARC at quarantine.')).toBeInTheDocument();
    expect(researchMockState().questions).toEqual(['About Cysmo Scan: dmarc?']);
  }, 60_000);

  test('each widget has its own loading and error state; a member who does not own the search cannot chat', async () => {
    mockMeta(buildMeta({ Features: { VoraDashboard: true } }));
    researchMockState().vora = [
      buildVoraSearch({ Status: 'in_progress', Progress: 40, CanChat: false, Sections: [buildSection('cysmo', { Status: 'failed', Reason: 'The site good.example.test could not be reached: ECONNREFUSED', Evidence: null }), buildSection('insights', { Status: 'in_progress', Evidence: null, FinishedAt: null }), buildSection('riskScore', { Status: 'skipped', Reason: 'No scan evidence to score (cysmo did not complete).', Evidence: null })] }),
    ];
    signInAs(Role.USER);
    renderApp('/admin/vora-dashboard/s1');
    expect(within(await sectionCard('cysmo')).getByText('The site good.example.test could not be reached: ECONNREFUSED')).toBeInTheDocument();
    expect(within(await sectionCard('insights')).getByRole('progressbar', { name: 'Insights loading' })).toBeInTheDocument();
    expect(within(await sectionCard('riskScore')).getByText('No scan evidence to score (cysmo did not complete).')).toBeInTheDocument();
    expect(screen.getByText('Only the owner of this search can ask follow-up questions.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ask about this company' })).not.toBeInTheDocument();
  });

  test('Vora P: no owner, chat disabled on Documents and Risk Profile', async () => {
    mockMeta(buildMeta({ Features: { VoraPDashboard: true } }));
    signInAs(Role.USER);
    renderApp('/admin/vora-p-dashboard/p1');
    expect(await screen.findByRole('heading', { name: 'Good Corp', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/^Owner:/)).not.toBeInTheDocument();
    expect(within(await sectionCard('riskProfile')).getByRole('button', { name: 'Ask about Risk Profile' })).toBeDisabled();
    expect(within(await sectionCard('documents')).getByRole('button', { name: 'Ask about Documents' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Refresh search' })).not.toBeInTheDocument();
  }, 30_000);

  test('the search form checks §5 on submit and starts a search', async () => {
    mockMeta(buildMeta({ Features: { VoraDashboard: true } }));
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/vora-dashboard');
    expect(await screen.findByRole('table', { name: 'Vora searches' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New Search' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByText('Please provide either a site link OR both company name and location')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Search' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Site Link' }), 'acme.example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/vora-dashboard/s2'));
    expect(researchMockState().vora[0]).toMatchObject({ SiteLink: 'https://acme.example.test' });
  }, 60_000);

  test('documents picked in the search form go with the search; a type the server cannot read is refused first', async () => {
    mockMeta(buildMeta({ Features: { VoraPDashboard: true } }));
    signInAs(Role.USER);
    renderApp('/admin/vora-p-dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByLabelText('Documents');
    await userEvent.upload(picker, new File(['PK'], 'budget.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), { applyAccept: false });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('budget.xlsx: Only PDF, Word (DOCX), text, Markdown and HTML documents can be read');
    await userEvent.upload(picker, new File(['We enforce MFA for all staff.'], 'security-policy.md', { type: 'text/markdown' }));
    expect(within(within(dialog).getByRole('list', { name: 'Documents to upload' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['security-policy.md']);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Site Link' }), 'acme.example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/vora-p-dashboard/p2'));
    const documents = researchMockState().voraP[0]!.Sections.find((section) => section.Key === 'documents')!.Evidence as { Documents: { Kind: string; Source: string; Text: string }[] };
    expect(documents.Documents.at(-1)).toMatchObject({ Kind: 'upload', Source: 'security-policy.md', Text: 'We enforce MFA for all staff.' });
  }, 60_000);

  test('Vora discovery with no candidate shows the §8 message', async () => {
    mockMeta(buildMeta({ Features: { VoraDashboard: true } }));
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/vora-dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'New Search' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Acme');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Berlin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('No companies found for the given search doing LLM discovery')).toBeInTheDocument();
  }, 60_000);

  test('an ORG_ADMIN lists and edits the underwriting guidelines; the dialog passes axe', async () => {
    mockMeta(buildMeta({ Features: { VoraDashboard: true } }));
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/vora-dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Underwriting guidelines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Underwriting guidelines' });
    const table = await within(dialog).findByRole('table', { name: 'Underwriting guidelines' });
    expect(within(table).getByRole('row', { name: /DMARC must be quarantine or reject Scan check must not fail: email.dmarc Yes/ })).toBeInTheDocument();
    const { default: axe } = await import('axe-core');
    const scan = await axe.run(dialog, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(scan.violations.map((violation) => violation.id)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit Revenue at most $1,000,000,000' }));
    const form = within(dialog).getByRole('form', { name: 'Edit guideline' });
    const value = within(form).getByRole('textbox', { name: 'Revenue (USD)' });
    expect(value).toHaveValue('1000000000');
    await userEvent.clear(value);
    await userEvent.type(value, '-5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Some fields are not valid.')).toBeInTheDocument();
    await userEvent.clear(value);
    await userEvent.type(value, '50000000');
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Revenue at most $50 million');
    await userEvent.click(within(form).getByLabelText('Enabled'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByRole('row', { name: /Revenue at most \$50 million Maximum revenue \(USD\): 50,000,000 No/ })).toBeInTheDocument();
    expect(researchMockState().guidelines.find((item) => item.id === 'g2')).toMatchObject({ Name: 'Revenue at most $50 million', Rule: { Kind: 'revenue_max', Value: 50_000_000 }, Enabled: false });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add guideline' }));
    const add = within(dialog).getByRole('form', { name: 'Add guideline' });
    await userEvent.type(within(add).getByRole('textbox', { name: 'Name' }), 'No gambling');
    await userEvent.click(within(add).getByRole('combobox', { name: 'Rule' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Excluded NAICS codes' }));
    await userEvent.type(within(add).getByRole('textbox', { name: 'NAICS codes or prefixes, comma-separated' }), '7132, 713210');
    await userEvent.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByRole('row', { name: /No gambling Excluded NAICS codes: 7132, 713210 Yes/ })).toBeInTheDocument();
  }, 120_000);

  test('a USER sees no guidelines button', async () => {
    mockMeta(buildMeta({ Features: { VoraDashboard: true } }));
    signInAs(Role.USER);
    renderApp('/admin/vora-dashboard');
    expect(await screen.findByRole('button', { name: 'New Search' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Underwriting guidelines' })).not.toBeInTheDocument();
  });

  test('the gauge goes from red to green', () => {
    expect(levelColour(0)).toBe('rgb(234, 67, 53)');
    expect(levelColour(GAUGE_LEVELS - 1)).toBe('rgb(52, 168, 83)');
  });
});
