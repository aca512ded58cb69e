import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Role } from '../../../domain';
import { chatMockState } from '../../../mocks/chatHandlers';
import { chooseOption as pick } from '../../testing/queries';
import { renderApp, signInAs } from '../../testing/renderApp';

// jsdom's File and FormData are not understood by Node's fetch, which sends the multipart body: the upload tests use
// Node's own (a browser's are native to its fetch).
const NodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor as typeof FormData;
beforeEach(() => {
  vi.stubGlobal('FormData', NodeFormData);
});
afterEach(() => {
  vi.unstubAllGlobals();
});
const testFile = (content: string[], name: string, type: string) => new NodeFile(content, name, { type }) as unknown as File;
const messageBox = () => screen.findByRole('textbox', { name: 'Message' });
const combobox = (name: string) => screen.findByRole('combobox', { name });
async function chooseOption(label: string, option: string) {
  await combobox(label);
  await pick(label, option);
}

describe('chat composer', () => {
  test('offers the four message types with their labels', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    await userEvent.click(await combobox('Message type'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ask the model', 'Search company data', 'Ask a copilot', 'Summarize a document']);
  });

  test('the model picker defaults to the conversation’s model, and a new chat to the last model chosen', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_older');
    expect(await combobox('Model')).toHaveTextContent('GPT-4o mini');
    await userEvent.click(screen.getByRole('link', { name: 'New chat' }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
    // Nothing chosen yet: the first model.
    expect(await combobox('Model')).toHaveTextContent('Offline demo model');
    await chooseOption('Model', 'GPT-4o mini');
    await userEvent.click(screen.getByRole('link', { name: /Travel rules/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat/cnv_budget'));
    expect(await combobox('Model')).toHaveTextContent('Offline demo model');
    await userEvent.click(screen.getByRole('link', { name: 'New chat' }));
    expect(await combobox('Model')).toHaveTextContent('GPT-4o mini');
  });

  test('SEARCH_RAG sends with the chosen model and shows the cited sources', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_older');
    await chooseOption('Message type', 'Search company data');
    await chooseOption('Model', 'Offline demo model');
    await userEvent.type(await messageBox(), 'Which class do we fly?{Enter}');
    expect(await screen.findByRole('link', { name: 'travel-policy.pdf' })).toHaveAttribute('href', '/chat/cnv_older/prompt/prm_new_1/document/chk_travel_2');
    expect(chatMockState().sent[0]?.body).toEqual({ MessageType: 'SEARCH_RAG', Content: 'Which class do we fly?', LanguageModelId: 1 });
  });

  test('PROMPT_COPILOT: the copilot picker replaces the model picker; predefined prompts are chips', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_older');
    await chooseOption('Message type', 'Ask a copilot');
    expect(await combobox('Copilot')).toHaveTextContent('Research assistant');
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Prompts of/ })).not.toBeInTheDocument();

    await chooseOption('Copilot', 'HR helpdesk');
    const chips = await screen.findByRole('group', { name: 'Prompts of HR helpdesk' });
    await userEvent.click(within(chips).getByText('Leave days'));
    expect(await messageBox()).toHaveValue('How many days of annual leave do I have?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('HR helpdesk says: you have 25 days.')).toBeInTheDocument();
    expect(chatMockState().sent[0]?.body).toEqual({ MessageType: 'PROMPT_COPILOT', Content: 'How many days of annual leave do I have?', AppId: 'app_helpdesk' });
    expect(within(screen.getAllByRole('article').at(-1)!).getByText('Ask a copilot · HR helpdesk')).toBeInTheDocument();
  });

  test('PROMPT_COPILOT without any copilot says so', async () => {
    chatMockState().copilots = [];
    signInAs(Role.USER);
    renderApp('/chat/cnv_older');
    await chooseOption('Message type', 'Ask a copilot');
    expect(await screen.findByText(/No copilot is available to you yet/)).toBeInTheDocument();
    await userEvent.type(await messageBox(), 'Hi{Enter}');
    expect(await screen.findByText('Choose a copilot')).toBeInTheDocument();
    expect(chatMockState().sent).toEqual([]);
  });

  test('SUMMARIZE_DOCUMENT: needs an upload, shows its name and size, then summarizes it', async () => {
    signInAs(Role.USER);
    renderApp('/chat');
    await chooseOption('Message type', 'Summarize a document');
    await userEvent.type(await messageBox(), 'Summarize it{Enter}');
    expect(await screen.findByText('Upload a document to summarize')).toBeInTheDocument();
    expect(chatMockState().conversations).toHaveLength(2);

    // Uploading in a new chat creates the conversation to hold the document.
    await userEvent.upload(screen.getByLabelText('Document to summarize'), testFile(['Quarterly notes: revenue up.'], 'notes.txt', 'text/plain'));
    expect(await screen.findByText('notes.txt (28 B)')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/chat/cnv_new_1'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Summary of notes.txt: three key points.')).toBeInTheDocument();
    expect(chatMockState().sent[0]).toEqual({ conversationId: 'cnv_new_1', body: { MessageType: 'SUMMARIZE_DOCUMENT', Content: 'Summarize it', LanguageModelId: 1, DocumentId: 'doc_2' } });
    expect(within(screen.getAllByRole('article').at(-1)!).getByText('Summarize a document · notes.txt')).toBeInTheDocument();
  });

  test('SUMMARIZE_DOCUMENT: a file too large is refused before upload; the server’s refusal is shown', async () => {
    signInAs(Role.USER);
    renderApp('/chat/cnv_older');
    await chooseOption('Message type', 'Summarize a document');
    const big = testFile(['x'], 'huge.pdf', 'application/pdf');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText('Document to summarize'), big);
    expect(await screen.findByText('huge.pdf is 11.0 MB; documents can be at most 10.0 MB.')).toBeInTheDocument();
    expect(chatMockState().documents).toEqual([]);

    await userEvent.upload(screen.getByLabelText('Document to summarize'), testFile([], 'empty.txt', 'text/plain'));
    expect(await screen.findByText('The file has no text to index.')).toBeInTheDocument();
    expect(chatMockState().documents).toEqual([]);
  });
});
