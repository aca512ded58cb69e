import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { MAX_BATCH_FILES, Role } from '../../../domain';
import { aiConfigMockState } from '../../../mocks/aiConfigHandlers';
import { MOCK_UNREADABLE, MOCK_UNSUPPORTED } from '../../../mocks/documentBatchHandlers';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../../src/testing/renderApp';

// jsdom's File and FormData are not understood by Node's fetch, which sends the multipart body: these tests use
// Node's own (a browser's are native to its fetch).
const NodeFormData = (await new Response(new URLSearchParams('probe=1')).formData()).constructor as typeof FormData;
beforeEach(() => {
  vi.stubGlobal('FormData', NodeFormData);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A file as a file or folder picker hands it over; `path` is its place inside a chosen folder. */
function pickedFile(content: string, name: string, type: string, path = ''): File {
  const file = new NodeFile([content], name, { type }) as unknown as File;
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

/** The multipart requests of batch uploads in this test: the files' names (with their paths) and the target folder. */
function captureBatches(): { paths: string[]; parentId: string | null }[] {
  const sent: { paths: string[]; parentId: string | null }[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/documents/batch')) return;
    void request
      .clone()
      .formData()
      .then((form) => {
        const parentId = form.get('ParentId');
        sent.push({ paths: form.getAll('file').map((file) => (file as File).name), parentId: typeof parentId === 'string' ? parentId : null });
      });
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return sent;
}

const progressRegion = () => screen.findByRole('region', { name: 'Upload progress' });

describe('uploading several files or a folder to the built-in store', { timeout: 60_000 }, () => {
  test('several files go in one request into the chosen folder; progress counts them and each failure shows its reason', async () => {
    signInAs(Role.ORG_ADMIN);
    const sent = captureBatches();
    renderApp('/admin/cdr/cdr_handbook');
    const tree = await screen.findByRole('list', { name: 'Folders and files' });
    fireEvent.click(within(tree).getByRole('button', { name: 'Folder Policies' }));
    const files = [
      pickedFile('Remote work is allowed two days a week.', 'remote.txt', 'text/plain'),
      pickedFile('{', 'broken.json', 'application/json'),
      pickedFile('PK..', 'memo.docx', ''),
    ];
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });

    await waitFor(() => expect(sent).toEqual([{ paths: ['remote.txt', 'broken.json', 'memo.docx'], parentId: 'doc_policies' }]));
    const region = await progressRegion();
    expect(await within(region).findByText('3 of 3 files done: 1 indexed, 2 failed', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(region).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const failures = within(region).getByRole('list', { name: 'Files that failed' });
    expect(within(failures).getAllByRole('listitem').map((item) => item.textContent)).toEqual([`broken.json${MOCK_UNREADABLE}`, `memo.docx${MOCK_UNSUPPORTED}`]);

    const remote = aiConfigMockState().documents.find((document) => document.Name === 'remote.txt');
    expect(remote?.ParentId).toBe('doc_policies');
    expect(await within(tree).findByText('remote.txt')).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Upload progress' })).not.toBeInTheDocument());
  });

  test('a folder is sent with each file’s path, its tree rebuilt; a file over 10 MB is refused before sending', async () => {
    signInAs(Role.ORG_ADMIN);
    const sent = captureBatches();
    renderApp('/admin/cdr/cdr_handbook');
    const tree = await screen.findByRole('list', { name: 'Folders and files' });
    expect(screen.getByTestId('upload-folder-input')).toHaveAttribute('webkitdirectory');
    const files = [
      pickedFile('Travel needs approval.', 'travel.md', '', 'handbook/travel.md'),
      pickedFile('The NDA lasts five years.', 'nda.txt', 'text/plain', 'handbook/legal/nda.txt'),
      pickedFile('x'.repeat(10 * 1024 * 1024 + 1), 'scan.txt', 'text/plain', 'handbook/scan.txt'),
    ];
    fireEvent.change(screen.getByTestId('upload-folder-input'), { target: { files } });

    await waitFor(() => expect(sent).toEqual([{ paths: ['handbook/travel.md', 'handbook/legal/nda.txt'], parentId: null }]));
    const region = await progressRegion();
    expect(await within(region).findByText('3 of 3 files done: 2 indexed, 1 failed', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(region).getByRole('list', { name: 'Files that failed' })).toHaveTextContent('handbook/scan.txtThe file is larger than 10 MB.');
    await waitFor(() => expect(within(tree).getAllByRole('listitem').map((item) => item.textContent?.split(/\d/)[0])).toEqual(expect.arrayContaining(['handbook', 'legal', 'nda.txt', 'travel.md'])));
    const handbook = aiConfigMockState().documents.find((document) => document.Name === 'handbook')!;
    const legal = aiConfigMockState().documents.find((document) => document.Name === 'legal')!;
    expect(legal.ParentId).toBe(handbook.id);
    expect(aiConfigMockState().documents.find((document) => document.Name === 'nda.txt')?.ParentId).toBe(legal.id);
  });

  test(`more than ${MAX_BATCH_FILES} files are sent in as few requests as the limits allow`, async () => {
    signInAs(Role.ORG_ADMIN);
    const sent = captureBatches();
    renderApp('/admin/cdr/cdr_handbook');
    await screen.findByRole('list', { name: 'Folders and files' });
    const files = Array.from({ length: MAX_BATCH_FILES + 5 }, (_, index) => pickedFile(`note ${index}`, `note-${index}.txt`, 'text/plain'));
    fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });

    await waitFor(() => expect(sent.map((request) => request.paths.length)).toEqual([MAX_BATCH_FILES, 5]));
    const region = await progressRegion();
    expect(within(region).getByText(/of 205 files done/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  });
});
