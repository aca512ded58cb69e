import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PromptCycleStatus, Role } from '../../../domain';
import { buildBlockedMessage, buildChatMessage, buildPromptDetails } from '../../../mocks/chatBuilders';
import { chatMockState } from '../../../mocks/chatHandlers';
import { renderApp, signInAs } from '../../testing/renderApp';

const PAGE = '/admin/chat/cnv_budget/prompt/prm_rag/details';
const stageItems = () => within(screen.getByRole('list', { name: 'Pipeline stages' })).getAllByRole('listitem');

describe('prompt lifecycle page', () => {
  test('shows the header, the prompt and answer, and every stage in order with its §4 labels and figures', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp(PAGE);
    const summary = await screen.findByRole('region', { name: 'Prompt summary' });
    expect(within(summary).getByText('user@demo.test')).toBeInTheDocument();
    expect(within(summary).getByText('Offline demo model')).toBeInTheDocument();
    expect(within(summary).getByText('Search company data')).toBeInTheDocument();
    expect(within(summary).getByText('Success')).toBeInTheDocument();
    expect(within(summary).getByText('Anonymized')).toBeInTheDocument();
    expect(within(summary).getByText('EMAIL_ADDRESS')).toBeInTheDocument();
    expect(within(summary).getByText('Default protection')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Prompt' })).getByText('Which class do we fly? Ask Jane Doe (jane@example.com).')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Answer' })).getByText('Fully Verified')).toBeInTheDocument();

    const stages = stageItems();
    expect(stages.map((stage) => stage.getAttribute('aria-label'))).toEqual([
      'Stage 1: Prompt guard',
      'Stage 2: Corporate data repository',
      'Stage 3: Policy engine',
      'Stage 4: Language model',
      'Stage 5: Verification service',
      'Stage 6: Copyright checker',
      'Stage 7: Web search',
    ]);
    const [guard, corporate, policy, llm, verification, copyright] = stages;
    expect(within(copyright!).getByText('1 match (42 % of the answer): "Travel policy 2026"')).toBeInTheDocument();
    // The check's §4 copyright match status, not read as a verification status.
    expect(within(copyright!).getByText('COMPLETED · checked before delivery')).toBeInTheDocument();
    const matches = within(copyright!).getByRole('table', { name: 'Copyright matches' });
    expect(within(matches).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Travel policy 2026', '—', 'Employees fly economy class on flights under six hours', '42 %', '27', '12–180', '2040–2208']);
    expect(within(guard!).getByText('SUCCESS')).toBeInTheDocument();
    expect(within(guard!).getByText('Not malicious')).toBeInTheDocument();
    expect(within(corporate!).getByText('SKIPPED')).toBeInTheDocument();
    expect(within(corporate!).getByText('Disabled')).toBeInTheDocument();
    expect(within(corporate!).getByText('Corporate data was not requested for this prompt')).toBeInTheDocument();
    const findings = within(policy!).getByRole('table', { name: 'Entities and rules found' });
    expect(within(findings).getByText('PERSON')).toBeInTheDocument();
    expect(within(findings).getByText('jane@example.com')).toBeInTheDocument();
    expect(within(policy!).getByText('Write to <PERSON_1> at <EMAIL_ADDRESS_1>')).toBeInTheDocument();
    expect(within(llm!).getByText('812 ms')).toBeInTheDocument();
    expect(within(llm!).getByText('40 in / 25 out')).toBeInTheDocument();
    expect(within(llm!).getByText('Dear <PERSON_1>, ...')).toBeInTheDocument();
    const results = within(verification!).getByRole('table', { name: 'Verification results per metric' });
    expect(within(results).getByText('Toxicity')).toBeInTheDocument();
    expect(within(results).getByText('Hallucination')).toBeInTheDocument();
    // Coded values read with their §4 labels, not as recorded (verified, show_response).
    expect(within(results).getAllByText('Verified')).not.toHaveLength(0);
    expect(within(results).queryByText('verified')).not.toBeInTheDocument();
    expect(within(verification!).getByText(/Fully Verified · response Valid · action Show the response/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the conversation' })).toHaveAttribute('href', '/chat/cnv_budget');
  });

  test('service status labels: "Cannot Determine", "Skipped by applied policy rules"; a blocked prompt is flagged', async () => {
    const blocked = buildBlockedMessage();
    const details = buildPromptDetails(blocked, { Blocked: { PolicyId: 'pol_default', PolicyName: 'Default protection', Reason: 'Prompt injection detected' }, Anonymized: false, Answer: '' });
    details.Stages = details.Stages.map((stage, index) =>
      index === 0 ? { ...stage, ServiceStatus: 'unknown', Reason: 'Detector unavailable' } : index >= 3 ? { ...stage, CycleStatus: PromptCycleStatus.SKIPPED, ServiceStatus: 'skipped', Reason: 'Blocked by Default protection', Detail: null } : stage,
    );
    chatMockState().details.prm_blocked = details;
    signInAs(Role.USER);
    renderApp('/admin/chat/cnv_budget/prompt/prm_blocked/details');
    const summary = await screen.findByRole('region', { name: 'Prompt summary' });
    expect(within(summary).getByText('Blocked by Default protection')).toBeInTheDocument();
    expect(within(summary).getByText('Malicious')).toBeInTheDocument();
    expect(within(summary).getByText('Prompt injection detected')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Answer' })).getByText('No answer: the prompt was blocked.')).toBeInTheDocument();
    const stages = stageItems();
    expect(within(stages[0]!).getByText('Cannot Determine')).toBeInTheDocument();
    expect(within(stages[3]!).getByText('Skipped by applied policy rules')).toBeInTheDocument();
    expect(within(stages[3]!).getByText('SKIPPED')).toBeInTheDocument();
  });

  test('hybrid retrieval: each retrieved chunk says which ranking found it, and a fallback to BM25 its reason', async () => {
    const details = buildPromptDetails(buildChatMessage({ id: 'prm_hybrid' }));
    const reason = 'Vector search unavailable, BM25 alone for Handbook: Incorrect API key provided.';
    details.Stages = details.Stages.map((stage) =>
      stage.Service === 'corporate_data_repository'
        ? {
            ...stage,
            CycleStatus: PromptCycleStatus.SUCCESS,
            ServiceStatus: 'success',
            Reason: `2 passages retrieved (hybrid, partly BM25 only: ${reason})`,
            Detail: {
              Ranking: 'BM25 and vector search, reciprocal rank fusion',
              FallbackReason: reason,
              Chunks: [
                { DataSourceId: 'cdr_handbook', DocumentName: 'travel.txt', ChunkId: 'chk_1', Score: 0.032787, Source: 'both' },
                { DataSourceId: 'cdr_policies', DocumentName: 'hotel.txt', ChunkId: 'chk_2', Score: 0.016393, Source: 'vector' },
              ],
            },
          }
        : stage,
    );
    chatMockState().details.prm_hybrid = details;
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/chat/cnv_budget/prompt/prm_hybrid/details');
    await screen.findByRole('region', { name: 'Prompt summary' });
    const corporate = stageItems()[1]!;
    expect(within(corporate).getByText(`2 passages retrieved (hybrid, partly BM25 only: ${reason})`)).toBeInTheDocument();
    const table = within(corporate).getByRole('table', { name: 'Chunks retrieved' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Found by');
    expect(within(table).getByText('BM25 and vector search')).toBeInTheDocument();
    expect(within(table).getByText('Vector search')).toBeInTheDocument();
  });

  test('an unknown prompt (or another user’s) shows "Prompt not found"', async () => {
    signInAs(Role.USER);
    renderApp('/admin/chat/cnv_budget/prompt/prm_missing/details');
    expect(await screen.findByText('Prompt not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the conversation' })).toHaveAttribute('href', '/chat/cnv_budget');
  });

  test('the lifecycle link of a message opens the page', async () => {
    chatMockState().conversations[0]!.Messages = [buildChatMessage({ id: 'prm_rag' })];
    signInAs(Role.USER);
    renderApp('/chat/cnv_budget');
    (await screen.findByRole('link', { name: 'Lifecycle' })).click();
    await waitFor(() => expect(window.location.pathname).toBe(PAGE));
    expect(await screen.findByRole('heading', { name: 'Prompt lifecycle', level: 1 })).toBeInTheDocument();
  });

  test.each([Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN])('role %s may not open the page', async (role) => {
    signInAs(role);
    renderApp(PAGE);
    await waitFor(() => expect(window.location.pathname).not.toBe(PAGE));
    expect(screen.queryByRole('heading', { name: 'Prompt lifecycle' })).not.toBeInTheDocument();
  });
});
