// A bare forwarding hop for `npm run bench:gateway`, in its own process as the console is: each request's body posted
// to the fake upstream (undici, one keep-alive pool) and its answer sent back, nothing else. What one more process
// on the way costs on this machine, the floor under whatever the gateway adds. Prints its port, stops on SIGTERM.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { upstreamUrlFromEnv } from './bench-process';

async function main(): Promise<void> {
  const upstreamUrl = upstreamUrlFromEnv();
  const agent = new Agent();
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = { 'content-type': 'application/json', authorization: incoming.headers.authorization ?? '' };
      request(`${upstreamUrl}${incoming.url ?? '/'}`, { method: 'POST', headers, body: Buffer.concat(chunks), dispatcher: agent })
        .then(async (answer) => {
          const text = await answer.body.text();
          outgoing.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => outgoing.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  process.once('SIGTERM', () => {
    server.close();
    void agent.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error('bench proxy failed:', error);
  process.exit(1);
});
