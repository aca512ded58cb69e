import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { Role } from '../../../domain';
import { server } from '../../../mocks/node';
import { renderApp, signInAs } from '../../testing/renderApp';

vi.setConfig({ testTimeout: 30_000 });

function capturePut() {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'PUT' && request.url.endsWith('/api/v1/settings/current')) void request.clone().json().then((json) => bodies.push(json));
  });
  return bodies;
}

test('loads the settings and saves exactly the input fields, then offers a reload', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  const bodies = capturePut();
  renderApp('/admin/template');

  const title = await screen.findByRole('textbox', { name: 'Title' });
  expect(title).toHaveValue('AI Governance Console');
  expect(screen.getByRole('textbox', { name: 'Theme colour' })).toHaveValue('#3478F6');
  expect(screen.getByRole('combobox', { name: 'Default home page' })).toHaveTextContent('Chat (/chat)');
  const features = screen.getByRole('region', { name: 'Features' });
  expect(within(features).getAllByRole('switch').map((box) => box.closest('label')!.textContent)).toEqual([
    'Copyright check',
    'Verification',
    'Vora dashboard',
    'Vora P dashboard',
    'Search summary',
  ]);

  await user.clear(title);
  await user.type(title, 'Acme AI Desk');
  const hex = screen.getByRole('textbox', { name: 'Theme colour' });
  await user.clear(hex);
  await user.type(hex, '#0A7C66');
  expect(screen.getByTestId('theme-preview').firstElementChild).toHaveStyle({ backgroundColor: '#0A7C66' });
  await user.click(within(features).getByRole('switch', { name: 'Vora dashboard' }));
  await user.click(screen.getByRole('combobox', { name: 'Default home page' }));
  await user.click(await screen.findByRole('option', { name: 'Access Tokens (/tokens)' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Settings saved. Reload the console to apply them.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(bodies).toEqual([
    {
      Title: 'Acme AI Desk',
      Icon: null,
      Logo: null,
      Favicon: null,
      ThemeColor: '#0A7C66',
      DefaultHomePageRoute: '/tokens',
      Features: { CopyrightCheck: true, VoraDashboard: true, VoraPDashboard: false, EnableSearchSummary: false, Verification: true },
      RequestsPerMinute: null,
      TokensPerMinute: null,
      GatewayImagesAllowed: false,
      GatewayAllowedTools: null,
    },
  ]);
});

test('shows and saves the gateway rate limits of the members, naming the deployment default', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  const bodies = capturePut();
  renderApp('/admin/template');

  const limits = await screen.findByRole('region', { name: 'Gateway rate limits' });
  const requests = within(limits).getByRole('spinbutton', { name: 'Requests per minute' });
  const tokens = within(limits).getByRole('spinbutton', { name: 'Tokens per minute' });
  expect(requests).toHaveValue(null);
  expect(within(limits).getByText('Per member. Empty: the default of 120 a minute.')).toBeInTheDocument();

  await user.type(requests, '0');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await within(limits).findByText('Requests per minute must be a whole number from 1 to 100,000, or empty for the default')).toBeInTheDocument();
  expect(bodies).toEqual([]);

  await user.clear(requests);
  await user.type(requests, '300');
  await user.type(tokens, '50000');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Settings saved. Reload the console to apply them.')).toBeInTheDocument();
  expect(bodies).toEqual([expect.objectContaining({ RequestsPerMinute: 300, TokensPerMinute: 50000 })]);
});

test('shows the domain schema messages and sends nothing while the form is invalid', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  const bodies = capturePut();
  renderApp('/admin/template');

  await user.clear(await screen.findByRole('textbox', { name: 'Title' }));
  await user.type(screen.getByRole('textbox', { name: 'Title' }), ' ');
  const hex = screen.getByRole('textbox', { name: 'Theme colour' });
  await user.clear(hex);
  await user.type(hex, 'blue');
  await user.type(screen.getByRole('textbox', { name: 'Logo URL' }), 'ftp://example.com/logo.png');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Title is required')).toBeInTheDocument();
  expect(screen.getByText('Use a colour like #3478F6')).toBeInTheDocument();
  expect(screen.getByText('Logo must be an http(s) URL, a path, or an uploaded image')).toBeInTheDocument();
  expect(bodies).toEqual([]);
});

test('an uploaded logo becomes a data URL with a preview; too large a file is refused', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  const bodies = capturePut();
  renderApp('/admin/template');

  const upload = await screen.findByLabelText('Upload logo');
  await user.upload(upload, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
  const preview = await screen.findByRole('img', { name: 'Logo preview' });
  expect(preview.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(screen.getByText('An uploaded image is in use. Typing a URL replaces it.')).toBeInTheDocument();

  const big = new File([new Uint8Array(200 * 1024)], 'huge.png', { type: 'image/png' });
  fireEvent.change(upload, { target: { files: [big] } });
  expect(await screen.findByText('The image is 200 KB; the limit is 140 KB.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect((bodies[0] as { Logo: string }).Logo).toMatch(/^data:image\/svg\+xml;base64,/);
});

test('a server field error shows on its field', async () => {
  const user = userEvent.setup();
  signInAs(Role.ORG_ADMIN);
  server.use(
    http.put('/api/v1/settings/current', () =>
      HttpResponse.json({ message: 'Some fields need attention.', errors: { Title: 'Title is taken by the server' } }, { status: 400 }),
    ),
  );
  renderApp('/admin/template');
  await user.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Title is taken by the server')).toBeInTheDocument();
});
