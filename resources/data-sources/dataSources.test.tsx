import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { LastSyncStatus, Role } from '../../domain';
import { aiConfigMockState, MOCK_STORE_TEST_MESSAGE, MOCK_SYNC_MESSAGE } from '../../mocks/aiConfigHandlers';
import { buildApiError } from '../../mocks/builders';
import { server } from '../../mocks/node';
import { captureBodies, listCalls, logRequests } from '../../mocks/requestLog';
import { renderApp, signInAs } from '../../src/testing/renderApp';
import { rowOf, chooseOption } from '../../src/testing/queries';

describe('corporate data sources (ORG_ADMIN)', { timeout: 30_000 }, () => {
  test('the list shows name, app label, counts and the last sync with its message', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr');
    expect(await screen.findByRole('heading', { name: 'Corporate Data Sources', level: 1 })).toBeInTheDocument();
    await screen.findByText('Sales CRM');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'App', 'Documents', 'Chunks', 'Last sync', 'Actions']);
    expect(within(rowOf('Employee handbook')).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5)).toEqual([
      'Employee handbook',
      'Uploaded files (built in)',
      '2',
      '7',
      'Unknown',
    ]);
    await userEvent.hover(within(rowOf('Sales CRM')).getByText('Error'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Could not reach https://crm.example.com: host not found');
    expect(listCalls(log, '/api/v1/cdr')[0]?.list).toEqual({ sort: ['Name', 'ASC'], range: [0, 9], filter: {} });
  });

  test('Sync starts the job, polls it with progress, then shows Completed', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr');
    await screen.findByText('Employee handbook');
    await userEvent.click(within(rowOf('Employee handbook')).getByRole('button', { name: 'Sync Employee handbook' }));
    expect(await screen.findByText('Sync of Employee handbook started')).toBeInTheDocument();
    expect(await within(rowOf('Employee handbook')).findByRole('button', { name: 'Syncing Employee handbook: 50%' })).toBeDisabled();
    expect(await screen.findByText(`Sync of Employee handbook completed: ${MOCK_SYNC_MESSAGE}`, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await within(rowOf('Employee handbook')).findByText('Completed')).toBeInTheDocument();
    expect(log.filter((entry) => entry.method === 'POST').map((entry) => entry.url.pathname)).toEqual(['/api/v1/cdr/cdr_handbook/sync']);
    expect(log.filter((entry) => entry.url.pathname.startsWith('/api/v1/jobs/'))).toHaveLength(2);
    expect(aiConfigMockState().dataSources[0]!.LastSyncStatus).toBe(LastSyncStatus.COMPLETED);
  });

  test('a sync already running (409) is a toast', async () => {
    server.use(http.post('/api/v1/cdr/:id/sync', () => HttpResponse.json(buildApiError('A sync of this data source is already running.'), { status: 409 })));
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr');
    await screen.findByText('Sales CRM');
    await userEvent.click(within(rowOf('Sales CRM')).getByRole('button', { name: 'Sync Sales CRM' }));
    expect(await screen.findByText('A sync of this data source is already running.')).toBeInTheDocument();
  });

  test('each app asks for its own connection settings, validated with the domain schema', { timeout: 120_000 }, async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/cdr$/);
    renderApp('/admin/cdr/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'CRM');
    expect(screen.getByText(/no connection is needed and retrieval works offline/)).toBeInTheDocument();
    await chooseOption('App', 'CRM');
    expect(await screen.findByRole('textbox', { name: 'Instance URL' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Access token/, { selector: 'input' })).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Instance URL is required')).toBeInTheDocument();
    expect(screen.getByText('Access token is required')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Instance URL' }), 'http://crm.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Instance URL must be an https URL')).toBeInTheDocument();

    await chooseOption('App', 'Data warehouse');
    expect(await screen.findByRole('textbox', { name: 'Host or account' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Instance URL' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Host or account' }), 'not a host');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Host or account must be a host name such as db.example.com')).toBeInTheDocument();
    expect(screen.getByText('Database is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  test('after a refused save for one app, switching to uploaded files saves', { timeout: 90_000 }, async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/cdr$/);
    renderApp('/admin/cdr/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Handbook');
    await chooseOption('App', 'CRM');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Instance URL is required')).toBeInTheDocument();
    await chooseOption('App', 'Uploaded files (built in)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data source created')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  test('create sends the RAG settings with the sync interval and unit, then opens the edit page', { timeout: 90_000 }, async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/cdr$/);
    renderApp('/admin/cdr/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Policies');
    // The embedding choices do nothing without embeddings, so they are disabled until it is on.
    expect(screen.getByRole('combobox', { name: 'Similarity' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('switch', { name: /^Embeddings/ }));
    await chooseOption('Embedding provider (language model)', 'Offline demo model');
    await chooseOption('Embedding model', 'E5 large');
    await userEvent.click(screen.getByRole('combobox', { name: 'Vector database' }));
    expect(screen.getByRole('option', { name: 'Qdrant' })).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'FAISS (embedded)' }));
    // FAISS is embedded: no store settings are asked.
    expect(screen.queryByRole('textbox', { name: 'Qdrant URL' })).not.toBeInTheDocument();
    await chooseOption('Chunk size', 'Two kilobytes');
    await chooseOption('Similarity', 'Euclidean distance');
    const interval = screen.getByRole('spinbutton', { name: 'Sync every' });
    await userEvent.clear(interval);
    await userEvent.type(interval, '30');
    await chooseOption('Unit', 'seconds');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sync interval must be at least 1 minute')).toBeInTheDocument();
    await chooseOption('Unit', 'minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      Name: 'Policies',
      AppId: 0,
      Connection: {},
      Rag: { Embeddings: true, EmbeddingLanguageModelId: 1, EmbeddingModelName: null, VectorDatabase: 5, Store: {}, EmbeddingModel: 6, ChunkSize: 3, Similarity: 2, SyncInterval: 30, SyncIntervalUnit: 'm' },
      GroupIds: [],
      Enabled: true,
    });
    expect(await screen.findByText('Data source created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
  });

  test('an external vector store asks for its settings, validated per field; after saving, Test reports what the service said', { timeout: 90_000 }, async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('POST', /^\/api\/v1\/cdr$/);
    const tests = captureBodies('POST', /^\/api\/v1\/cdr\/[^/]+\/vector-store\/test$/);
    renderApp('/admin/cdr/create');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Policies in Qdrant');
    await userEvent.click(screen.getByRole('switch', { name: /^Embeddings/ }));
    await chooseOption('Embedding provider (language model)', 'Offline demo model');
    await chooseOption('Vector database', 'Qdrant');
    expect(await screen.findByRole('textbox', { name: 'Qdrant URL' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^API key/, { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Test Qdrant' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Qdrant URL is required')).toBeInTheDocument();
    expect(screen.getByText('Collection is required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Qdrant URL' }), 'https://qdrant.example.com:6333');
    await userEvent.type(screen.getByRole('textbox', { name: 'Collection' }), 'policies');
    await userEvent.type(screen.getByLabelText(/^API key/, { selector: 'input' }), 'qdrant-secret-key');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { Rag: { VectorDatabase: number; Store: unknown } }).Rag).toMatchObject({ VectorDatabase: 1, Store: { Url: 'https://qdrant.example.com:6333', Collection: 'policies', ApiKey: 'qdrant-secret-key' } });

    // The edit page: the key is stored (never shown), and Test checks the saved settings.
    expect(await screen.findByText('Data source created')).toBeInTheDocument();
    expect(await screen.findByText('A key is stored — leave empty to keep it.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Test Qdrant' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MOCK_STORE_TEST_MESSAGE);
    expect(tests).toHaveLength(1);

    // Qdrant's key is optional: a stored one can be forgotten (a service without authentication).
    const updates = captureBodies('PUT', /^\/api\/v1\/cdr\/[^/]+$/);
    await userEvent.click(screen.getByRole('switch', { name: 'Forget the stored API key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect((updates[0] as { Rag: { ClearStoreApiKey: boolean; Store: Record<string, unknown> } }).Rag).toMatchObject({ ClearStoreApiKey: true, Store: { Url: 'https://qdrant.example.com:6333', Collection: 'policies' } });
    expect(await screen.findByText('Data source saved')).toBeInTheDocument();
    expect(await screen.findByText('Optional. Stored encrypted; it is never shown again.')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Forget the stored API key' })).not.toBeInTheDocument();
  });

  test('on edit a connector secret is write-only; empty keeps it; the last sync message is shown', async () => {
    signInAs(Role.ORG_ADMIN);
    const bodies = captureBodies('PUT', /^\/api\/v1\/cdr\/cdr_crm$/);
    renderApp('/admin/cdr/cdr_crm');
    expect(await screen.findByText('A key is stored — leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Access token/, { selector: 'input' })).toHaveValue('');
    expect(screen.getByTestId('last-sync-message')).toHaveTextContent('Could not reach https://crm.example.com: host not found');
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' EU');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.Connection).toEqual({ InstanceUrl: 'https://crm.example.com' });
    expect(await screen.findByText('Data source saved')).toBeInTheDocument();
  });

  test('the documents panel shows the folder tree; a folder chosen in it is where uploads go', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr/cdr_handbook');
    const tree = await screen.findByRole('list', { name: 'Folders and files' });
    expect(within(tree).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Policies',
      'leave-policy.txt2 KB · 4 chunksCompleted',
      'welcome.md2 KB · 3 chunksCompleted',
    ]);

    await userEvent.click(within(tree).getByRole('button', { name: 'Folder Policies' }));
    expect(screen.getByText('New folders and uploads go into “Policies”.')).toBeInTheDocument();
    // Uploads themselves (several files or a folder, one request, per-file outcome): documents/batchUpload.test.tsx.
  });

  test('New folder creates it in the chosen folder; delete asks first', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr/cdr_handbook');
    await screen.findByRole('list', { name: 'Folders and files' });
    await userEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'Policies');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A file or folder with this name already exists here')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Folder name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), 'Contracts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Folder created')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Folder Contracts' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Policies' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('The folder “Policies” and everything in it will be deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Policies deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('leave-policy.txt')).not.toBeInTheDocument());
    expect(aiConfigMockState().documents.map((document) => document.Name).sort()).toEqual(['Contracts', 'welcome.md']);
  });

  test('Try retrieval shows the ranked chunks with their scores and which ranking found them', async () => {
    const log = logRequests();
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr/cdr_handbook');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Question or keywords' }), 'leave');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Retrieved passages' });
    expect(within(results).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1. leave-policy.txt · passage 1 · score 3.14 · found by BM25Employees receive 25 days of paid leave per year.',
      '2. welcome.md · passage 2 · score 1.25 · found by BM25Welcome! Leave requests go to your manager.',
    ]);
    expect(screen.getByText('Ranking: BM25 (keywords).')).toBeInTheDocument();
    expect(log.find((entry) => entry.url.pathname === '/api/v1/cdr/cdr_handbook/search')?.url.searchParams.get('q')).toBe('leave');

    await userEvent.clear(screen.getByRole('textbox', { name: 'Question or keywords' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question or keywords' }), 'pizza');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No matching passages. Files must be Completed before they can be retrieved.')).toBeInTheDocument();
  });

  test('with embeddings on, Try retrieval shows hybrid hits by source, and a fallback to BM25 with its reason', async () => {
    const handbook = aiConfigMockState().dataSources.find((source) => source.id === 'cdr_handbook')!;
    handbook.Rag = { ...handbook.Rag, Embeddings: true, EmbeddingLanguageModelId: 1 };
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr/cdr_handbook');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Question or keywords' }), 'holiday');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Retrieved passages' });
    expect(within(results).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1. welcome.md · passage 2 · score 0.0161 · found by vector searchWelcome! Leave requests go to your manager.',
    ]);
    expect(screen.getByText('Ranking: BM25 and vector search, fused by reciprocal rank fusion.')).toBeInTheDocument();

    server.use(http.get('/api/v1/cdr/:id/search', () => HttpResponse.json({ Mode: 'bm25', FallbackReason: 'Vector search unavailable, BM25 alone for Employee handbook: Incorrect API key provided.', Hits: [] })));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Vector search unavailable, BM25 alone for Employee handbook: Incorrect API key provided.')).toBeInTheDocument();
    expect(screen.getByText('Ranking: BM25 (keywords).')).toBeInTheDocument();
  });

  test('delete from the list asks first', async () => {
    signInAs(Role.ORG_ADMIN);
    renderApp('/admin/cdr');
    await screen.findByText('Sales CRM');
    await userEvent.click(within(rowOf('Sales CRM')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Data source deleted')).toBeInTheDocument();
    expect(aiConfigMockState().dataSources.map((source) => source.Name)).toEqual(['Employee handbook']);
  });
});
