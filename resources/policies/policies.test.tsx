import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { POLICY_PRECEDENCE_TEXT, Role } from '../../domain';
import { MOCK_TEST_PROMPT } from '../../mocks/policyBuilders';
import { policyMockState } from '../../mocks/policyHandlers';
import { listCalls, logRequests } from '../../mocks/requestLog';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf } from '../../src/testing/queries';

const rule = (n: number) => screen.getByRole('group', { name: `Rule ${n}` });
const ruleItem = (n: number) => rule(n).closest('li')!;
const ruleNames = () => screen.getAllByRole('group', { name: /^Rule \d+$/ }).map((group) => (within(group).getByLabelText('Rule name') as HTMLInputElement).value);

async function chooseDetector(n: number, label: string) {
  await userEvent.click(within(rule(n)).getByRole('combobox', { name: /Detector/ }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('policies (ORG_ADMIN)', { timeout: 60_000 }, () => {
  test('the list shows type, targets, rule count, status and priority, sorted by priority and searched on the server', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies');
    expect(await screen.findByRole('heading', { name: 'Policies', level: 1 })).toBeInTheDocument();
    await screen.findByText('Default protection');
    const defaults = rowOf('Default protection');
    expect(within(defaults).getByText('Global Policy')).toBeInTheDocument();
    expect(within(defaults).getByText('Everyone')).toBeInTheDocument();
    expect(within(defaults).getByText('3')).toBeInTheDocument();
    expect(within(defaults).getByText('Enabled')).toBeInTheDocument();
    expect(within(defaults).getByText('100')).toBeInTheDocument();
    const analysts = rowOf('Analysts: no merger talk');
    expect(within(analysts).getByText('Group Policy')).toBeInTheDocument();
    expect(await within(analysts).findByText('Analysts')).toBeInTheDocument();
    expect(listCalls(log, '/api/v1/policies')[0]?.list).toEqual({ sort: ['Priority', 'ASC'], range: [0, 9], filter: {} });
    await userEvent.type(screen.getByPlaceholderText('Search policies'), 'merger');
    await waitFor(() => expect(listCalls(log, '/api/v1/policies').at(-1)?.list.filter).toEqual({ q: 'merger' }));
  });

  test('empty state offers to create the first policy', async () => {
    policyMockState().policies = [];
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies');
    expect(await screen.findByText('No policies yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New policy' })).toBeInTheDocument();
  });

  test('edit shows the precedence text and the ordered rules; moving a rule down saves the new order', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies/pol_default');
    expect(await screen.findByDisplayValue('Default protection')).toBeInTheDocument();
    const precedence = screen.getByRole('region', { name: 'How policies combine' });
    expect(precedence).toHaveTextContent(POLICY_PRECEDENCE_TEXT);
    expect(ruleNames()).toEqual(['Block prompt injection', 'Redact secrets', 'Anonymize personal data']);
    expect(within(rule(1)).getByText('Block: the whole prompt is stopped and never reaches the model.')).toBeInTheDocument();

    await userEvent.click(within(ruleItem(1)).getByRole('button', { name: 'Move down' }));
    expect(ruleNames()).toEqual(['Redact secrets', 'Block prompt injection', 'Anonymize personal data']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Policy saved')).toBeInTheDocument();
    expect(policyMockState().policies.find((policy) => policy.id === 'pol_default')?.Rules.map((r) => r.Name)).toEqual([
      'Redact secrets',
      'Block prompt injection',
      'Anonymize personal data',
    ]);
  });

  test('each detector shows its own fields, and a prompt-injection rule offers only block, flag and allow', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies/pol_default');
    await screen.findByDisplayValue('Default protection');
    expect(within(rule(3)).getByRole('combobox', { name: 'Entity types' })).toBeInTheDocument();
    expect(within(rule(3)).getByText('PERSON')).toBeInTheDocument();
    expect(within(rule(2)).getByText('Finds API keys, access tokens, private keys and passwords. This detector has no options.')).toBeInTheDocument();
    expect(within(rule(1)).getByText(/Sensitivity threshold: engine default/)).toBeInTheDocument();
    expect(within(rule(1)).getByRole('slider')).toBeInTheDocument();

    await userEvent.click(within(rule(1)).getByRole('combobox', { name: /Action/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Block the prompt', 'Flag (let it pass and mark it)', 'Allow']);
    await userEvent.keyboard('{Escape}');

    await chooseDetector(3, 'Keywords or topic list');
    expect(within(rule(3)).getByLabelText('Topic (optional)')).toBeInTheDocument();
    expect(within(rule(3)).getByRole('combobox', { name: 'Keywords' })).toBeInTheDocument();
    await chooseDetector(3, 'Custom regular expression');
    expect(within(rule(3)).getByLabelText(/Pattern/)).toBeInTheDocument();
    expect(within(rule(3)).getByLabelText('Ignore case')).toBeInTheDocument();
    // anonymize is not a prompt-injection action: switching resets it to block.
    await chooseDetector(3, 'Prompt injection');
    expect(within(rule(3)).getByText('Block: the whole prompt is stopped and never reaches the model.')).toBeInTheDocument();
  });

  test('a custom pattern is checked as it is typed, with the refusal reason', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies/pol_default');
    await screen.findByDisplayValue('Default protection');
    await chooseDetector(2, 'Custom regular expression');
    const pattern = within(rule(2)).getByLabelText(/Pattern/);
    await userEvent.type(pattern, '(a+)+');
    expect(within(rule(2)).getByRole('alert')).toHaveTextContent('Pattern could take exponential time (nested or overlapping repetition such as (a+)+); simplify it');
    await userEvent.clear(pattern);
    await userEvent.type(pattern, 'EMP-\\d{{6}');
    expect(pattern).toHaveValue('EMP-\\d{6}');
    expect(within(rule(2)).getByText('The pattern is valid and safe to run on every prompt.')).toBeInTheDocument();
    await userEvent.clear(pattern);
    await userEvent.type(pattern, 'a*');
    expect(within(rule(2)).getByRole('alert')).toHaveTextContent('Pattern must not match empty text');
  });

  test('the targets input follows the type: groups, language models, or none for a Global policy', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies/create');
    expect(await screen.findByLabelText('All groups')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Groups/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Language Model Policy' }));
    expect(await screen.findByLabelText('All models')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /Language models/ }));
    expect(await screen.findByRole('option', { name: 'Offline demo model' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Global Policy' }));
    expect(await screen.findByText('A Global policy applies to every prompt of the organization: it has no targets.')).toBeInTheDocument();
    expect(screen.queryByLabelText('All models')).not.toBeInTheDocument();
  });

  test('creating a Group policy with a keyword block rule validates the targets, then saves', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies/create');
    await userEvent.type(await screen.findByLabelText('Name *'), 'No merger talk');
    await chooseDetector(1, 'Keywords or topic list');
    await userEvent.click(within(rule(1)).getByRole('combobox', { name: /Action/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Block the prompt' }));
    const keywords = within(rule(1)).getByRole('combobox', { name: 'Keywords' });
    await userEvent.type(keywords, 'merger{Enter}acquisition,');
    expect(within(rule(1)).getByText('merger')).toBeInTheDocument();
    expect(within(rule(1)).getByText('acquisition')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one group for a Group Policy')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: /Groups/ }), 'Build');
    await userEvent.click(await screen.findByRole('option', { name: 'Builders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Policy created')).toBeInTheDocument();
    const created = policyMockState().policies.find((policy) => policy.Name === 'No merger talk');
    expect(created).toMatchObject({
      Type: 'Group Policy',
      Targets: { GroupIds: ['grp_builders'], LanguageModelIds: [], AllTargets: false },
      Rules: [{ Kind: 'keywords', Action: 'block', Keywords: ['merger', 'acquisition'], Enabled: true }],
    });
    expect(created?.Rules[0]).not.toHaveProperty('EntityTypes');
  });

  test('the test box sends the unsaved policy as a Draft and shows the server’s explanation', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies/pol_default');
    await screen.findByDisplayValue('Default protection');
    await userEvent.clear(screen.getByLabelText('Name *'));
    await userEvent.type(screen.getByLabelText('Name *'), 'Edited protection');
    fireEvent.change(screen.getByLabelText('Sample prompt'), { target: { value: MOCK_TEST_PROMPT } });
    await userEvent.click(screen.getByRole('button', { name: 'Test' }));

    const result = await screen.findByRole('region', { name: 'Test result' });
    expect(within(result).getByLabelText('Decision')).toHaveTextContent('Passes with changes: anonymized PERSON, EMAIL_ADDRESS');
    expect(within(result).getByText('Evaluated in 1.25 ms')).toBeInTheDocument();
    const highlighted = within(result).getByRole('region', { name: 'Prompt with findings' });
    expect(within(highlighted).getByLabelText('PERSON: anonymize')).toHaveTextContent('Jane Doe');
    expect(within(highlighted).getByLabelText('EMAIL_ADDRESS: anonymize')).toHaveAttribute('data-action', 'anonymize');
    expect(within(result).getByRole('region', { name: 'Transformed prompt' })).toHaveTextContent('I am <PERSON_1>, mail <EMAIL_ADDRESS_1>');
    const rules = within(result).getByRole('list', { name: 'Rules of Default protection' });
    expect(within(rules).getByText('Anonymize personal data — matched, proposes anonymize')).toBeInTheDocument();
    expect(within(rules).getByText('Block prompt injection — no match')).toBeInTheDocument();
    expect(within(rules).getByText('Prompt injection. Attack score 0.02 < threshold 0.45')).toBeInTheDocument();
    expect(within(result).getAllByText('Rule "Anonymize personal data" of the Global Policy "Default protection" proposes anonymize.')).toHaveLength(2);

    const call = policyMockState().testCalls[0];
    expect(call).toMatchObject({ Prompt: MOCK_TEST_PROMPT, PolicyIds: [], Draft: { Name: 'Edited protection', Type: 'Global Policy' } });
    expect(call?.Draft?.Rules.map((r) => r.Name)).toEqual(['Block prompt injection', 'Redact secrets', 'Anonymize personal data']);
  });

  test('delete asks for confirmation', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/policies');
    await screen.findByText('Analysts: no merger talk');
    await userEvent.click(within(rowOf('Analysts: no merger talk')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Policy deleted')).toBeInTheDocument();
    expect(policyMockState().policies.map((policy) => policy.Name)).toEqual(['Default protection']);
  });
});
