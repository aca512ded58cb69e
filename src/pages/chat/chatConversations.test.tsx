import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { Role } from '../../../domain';
import { chatMockState } from '../../../mocks/chatHandlers';
import { logRequests } from '../../../mocks/requestLog';
import { renderApp, signInAs } from '../../testing/renderApp';

const conversationList = () => screen.findByRole('navigation', { name: 'Conversations' });

describe('chat conversations', () => {
  test('lists the conversations newest first and opens one with its messages', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    const list = await conversationList();
    await within(list).findByText('Travel rules');
    const titles = within(list).getAllByRole('link').map((link) => link.textContent);
    expect(titles.slice(1)).toEqual([expect.stringContaining('Travel rules'), expect.stringContaining('Quarterly report ideas')]);
    expect(screen.getByText('Start a new chat')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('link', { name: /Travel rules/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat/cnv_budget'));
    expect(await screen.findByText('Which class do we fly? Ask Jane Doe (jane@example.com).')).toBeInTheDocument();
  });
});

describe('chat conversations: search, rename, delete', () => {
  test('search narrows the list', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    const list = await conversationList();
    await within(list).findByText('Travel rules');
    await userEvent.type(within(list).getByLabelText('Search conversations'), 'quarter');
    await waitFor(() => expect(within(list).queryByText('Travel rules')).not.toBeInTheDocument());
    expect(within(list).getByText('Quarterly report ideas')).toBeInTheDocument();
    await userEvent.type(within(list).getByLabelText('Search conversations'), 'zzz');
    expect(await within(list).findByText('No conversation matches “quarterzzz”.')).toBeInTheDocument();
  });

  test('renames a conversation', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_older');
    const list = await conversationList();
    await userEvent.click(await within(list).findByRole('button', { name: 'Actions of Quarterly report ideas' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write a title')).toBeInTheDocument();
    await userEvent.type(title, 'Q3 report');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Q3 report')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Rename conversation' })).not.toBeInTheDocument();
    expect(chatMockState().conversations.find((conversation) => conversation.id === 'cnv_older')?.Title).toBe('Q3 report');
  });

  test('deletes a conversation after confirmation; deleting the open one goes back to a new chat', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_budget');
    const list = await conversationList();
    await userEvent.click(await within(list).findByRole('button', { name: 'Actions of Travel rules' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(chatMockState().conversations).toHaveLength(2);

    await userEvent.click(await within(list).findByRole('button', { name: 'Actions of Travel rules' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this conversation?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
    await waitFor(() => expect(within(list).queryByText('Travel rules')).not.toBeInTheDocument());
    expect(await screen.findByText('Conversation deleted')).toBeInTheDocument();
    expect(chatMockState().conversations.map((conversation) => conversation.id)).toEqual(['cnv_older']);
  });

  test('no conversations yet', async () => {
    chatMockState().conversations = [];
    signInAs(Role.USER);
    renderApp('/chat');
    const list = await conversationList();
    expect(await within(list).findByText('No conversations yet. Write a message to start one.')).toBeInTheDocument();
  });

  test('a conversation that does not exist (or is someone else’s) says so', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_someone_else');
    expect(await screen.findByText('This conversation was not found. It may have been deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new chat' })).toHaveAttribute('href', '/chat');
  });
});

describe('chat access by role', () => {
  test.each([Role.PRODUCT_ADMIN, Role.CUSTOMER_ADMIN])('role %s without an organization sees why chat is not available', async (role) => {
    chatMockState().access = false;
    const requests = logRequests();
    signInAs(role);
    renderApp('/chat');
    expect(await screen.findByText('Chat needs organization membership')).toBeInTheDocument();
    // No call that can only answer 403: the page knows from the session's user that there is no organization.
    expect(requests.filter((request) => request.url.pathname.startsWith('/api/v1/chat'))).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Conversations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a message' })).not.toBeInTheDocument();
  });

  test('an organization removed during the session still shows the explanation (the server answers 403)', async () => {
    chatMockState().access = false;
    signInAs(Role.USER);
    renderApp('/chat');
    expect(await screen.findByText('Chat needs organization membership')).toBeInTheDocument();
  });

  test.each([Role.ORG_ADMIN, Role.USER])('role %s sees the lifecycle link of each answered message', async (role) => {
    signInAs(role);
    renderApp('/chat/cnv_budget');
    const links = await screen.findAllByRole('link', { name: 'Lifecycle' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/chat/cnv_budget/prompt/prm_rag/details',
      '/admin/chat/cnv_budget/prompt/prm_blocked/details',
    ]);
  });

  test('no model configured: the composer explains it and cannot send', async () => {
    chatMockState().models = [];
    signInAs(Role.USER);
    renderApp('/chat');
    expect(await screen.findByText(/No language model is available to you yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
