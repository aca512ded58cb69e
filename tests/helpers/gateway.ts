import type { AddressInfo } from 'node:net';
import type { TestApp } from './build';

/** A personal access token (gck_…) of the user with this email, valid for 7 days. */
export async function personalToken(t: TestApp, email: string): Promise<string> {
  const cookie = await t.login(email);
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/tokens', headers: { cookie }, payload: { Name: 'sdk', ExpiryDays: 7 } });
  return created.json<{ Secret: string }>().Secret;
}

/** Starts the app on a free local port, for clients that speak HTTP (the openai SDK); answers the gateway's base URL. */
export async function listenForGateway(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/openai`;
}
