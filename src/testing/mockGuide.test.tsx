// The example of docs/testing-with-mocks.md, kept as a test so that the guide cannot go stale.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, expect, test } from 'vitest';
import { Role } from '../../domain';
import { server } from '../../mocks/node';
import { buildPolicy } from '../../mocks/policyBuilders';
import { policyMockState } from '../../mocks/policyHandlers';
import { preloadApp, PRELOAD_TIMEOUT_MS } from './preload';
import { renderApp, signInAs } from './renderApp';

// The first render of the app imports react-admin and MUI: do it before the tests, not inside their waits.
beforeAll(preloadApp, PRELOAD_TIMEOUT_MS);

test('the policies list shows the stored policies', async () => {
  // The in-memory collection the handlers serve (reset before every test).
  policyMockState().policies = [buildPolicy({ id: 'pol_travel', Name: 'Travel rules' })];
  signInAs(Role.ORG_ADMIN);
  renderApp('/admin/policies');
  expect(await screen.findByText('Travel rules')).toBeInTheDocument();
});

test('the policies list offers to create the first policy when there is none', async () => {
  // One answer replaced for this test only: an empty list (ra-data-simple-rest reads the total from Content-Range).
  server.use(http.get('/api/v1/policies', () => HttpResponse.json([], { headers: { 'Content-Range': 'policies 0-0/0' } })));
  signInAs(Role.ORG_ADMIN);
  renderApp('/admin/policies');
  expect(await screen.findByText('No policies yet')).toBeInTheDocument();
});
