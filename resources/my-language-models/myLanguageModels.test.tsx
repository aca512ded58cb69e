import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { Role } from '../../domain';
import { buildLanguageModelSummary } from '../../mocks/aiConfigBuilders';
import { server } from '../../mocks/node';
import { renderApp, signInAs } from '../../src/testing/renderApp';

vi.setConfig({ testTimeout: 30_000 });

test('a user sees the language models they may use: name, provider and model, read-only', async () => {
  signInAs(Role.USER);
  const models = [buildLanguageModelSummary(), buildLanguageModelSummary({ id: 7, Name: 'Claude for research', Provider: 'anthropic', Model: 'claude-3-5-haiku-latest' })];
  server.use(http.get('/api/v1/language-models', () => HttpResponse.json(models, { headers: { 'Content-Range': 'language-models 0-1/2' } })));
  renderApp('/language-models');
  expect(await screen.findByRole('heading', { name: 'Language Models', level: 1 })).toBeInTheDocument();
  const row = (await screen.findByText('Claude for research')).closest('tr')!;
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Provider', 'Model']);
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Claude for research', 'Anthropic', 'claude-3-5-haiku-latest']);
  expect(within(screen.getByText('Offline demo model').closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'Offline demo model',
    'Offline demo model (built-in)',
    'offline-demo',
  ]);
  expect(screen.queryByRole('link', { name: /create|new/i })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /test/i })).not.toBeInTheDocument();
});

test('without models the page says so', async () => {
  signInAs(Role.USER);
  server.use(http.get('/api/v1/language-models', () => HttpResponse.json([], { headers: { 'Content-Range': 'language-models 0-0/0' } })));
  renderApp('/language-models');
  expect(await screen.findByText('No language models available to you')).toBeInTheDocument();
});
