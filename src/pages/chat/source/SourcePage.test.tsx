import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../../../domain';
import { buildChatMessage, buildConversation } from '../../../../mocks/chatBuilders';
import { chatMockState } from '../../../../mocks/chatHandlers';
import { renderApp, signInAs } from '../../../testing/renderApp';

const SOURCE = '/chat/cnv_budget/prompt/prm_rag/document/chk_travel_2';

describe('cited source page', () => {
  test('a cited source opens from the answer and shows the chunk in its context', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_budget');
    await userEvent.click(await screen.findByRole('link', { name: 'travel-policy.pdf' }));
    await waitFor(() => expect(window.location.pathname).toBe(SOURCE));
    expect(await screen.findByRole('heading', { name: 'travel-policy.pdf', level: 1 })).toBeInTheDocument();
    const passage = screen.getByRole('region', { name: 'Cited passage in its document' });
    expect(within(passage).getByText('Employee handbook')).toBeInTheDocument();
    expect(within(passage).getByLabelText('Cited passage')).toHaveTextContent('Economy class is booked for flights under six hours. Business class needs the approval of a director.');
    const paragraphs = Array.from(passage.querySelectorAll('[data-chunk]')).map((element) => element.textContent);
    expect(paragraphs).toEqual([
      'Travel is booked through the company portal.',
      'Economy class is booked for flights under six hours. Business class needs the approval of a director.',
      'Hotel costs are reimbursed up to 150 EUR a night.',
    ]);
    expect(screen.getByRole('link', { name: 'Back to the conversation' })).toHaveAttribute('href', '/chat/cnv_budget');
  });

  test('the first message about the source creates a child chat and opens it', async () => {
    signInAs(Role.USER);
    renderApp(SOURCE);
    const chat = await screen.findByRole('region', { name: 'Chat about this source' });
    await userEvent.type(await within(chat).findByRole('textbox', { name: 'Message' }), 'Who approves business class?{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe(`${SOURCE}/cnv_new_1`));
    expect(await within(chat).findByText('Here is the answer to your question.')).toBeInTheDocument();
    const child = chatMockState().conversations.find((conversation) => conversation.id === 'cnv_new_1');
    expect(child).toMatchObject({ ParentConversationId: 'cnv_budget', SourceChunkId: 'chk_travel_2' });
    expect(chatMockState().sent).toEqual([{ conversationId: 'cnv_new_1', body: { MessageType: 'PROMPT_LLM', Content: 'Who approves business class?', LanguageModelId: 1 } }]);
  });

  test('an existing child chat reopens with its messages', async () => {
    const child = buildConversation({ id: 'cnv_child', Title: 'About travel-policy.pdf', ParentConversationId: 'cnv_budget', SourceChunkId: 'chk_travel_2', MessageCount: 1 });
    chatMockState().conversations.push({ ...child, Messages: [buildChatMessage({ id: 'prm_child', ConversationId: 'cnv_child', Prompt: 'Who approves business class?', Answer: 'A **director** does.' })] });
    signInAs(Role.USER);
    renderApp(`${SOURCE}/cnv_child`);
    const chat = await screen.findByRole('region', { name: 'Chat about this source' });
    expect(await within(chat).findByText('Who approves business class?')).toBeInTheDocument();
    expect(within(chat).getByTestId('chat-answer')).toHaveTextContent('A director does.');
  });

  test('a source that was not cited (or another user’s) answers "Source not found"', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_budget/prompt/prm_rag/document/chk_unknown');
    expect(await screen.findByText(/Source not found/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the conversation' })).toHaveAttribute('href', '/chat/cnv_budget');
  });
});

describe('a child chat opened from the conversations list', () => {
  test('links back to the conversation whose source it discusses', async () => {
    const child = buildConversation({ id: 'cnv_child', Title: 'About travel-policy.pdf', ParentConversationId: 'cnv_budget', SourceChunkId: 'chk_travel_2' });
    chatMockState().conversations.push({ ...child, Messages: [] });
    signInAs(Role.USER);
    renderApp('/chat/cnv_child');
    expect(await screen.findByText(/This chat is about a source cited in another conversation/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open that conversation' })).toHaveAttribute('href', '/chat/cnv_budget');
  });
});
