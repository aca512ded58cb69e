// Company web sites for research tests, on loopback addresses with random ports: an HTTPS server (certificate and
// TLS versions as the site needs) and a plain-HTTP one, each answering from a table of paths. A "trap" listens where
// no scan may connect (an address that is not allowed) and counts the connections it gets.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type tls from 'node:tls';

export interface FixturePage {
  status: number;
  headers?: Record<string, string | string[]>;
  body?: string;
}

export type PageTable = Record<string, FixturePage | ((ports: SitePorts) => FixturePage)>;

export interface SitePorts {
  https: number;
  http: number;
}

export interface FixtureSiteOptions {
  host?: string;
  key: string;
  cert: string;
  minVersion?: tls.SecureVersion;
  ciphers?: string;
  httpsPages: PageTable;
  httpPages: PageTable;
}

export interface FixtureSite {
  ports: SitePorts;
  /** Requests seen, as "https GET /path" or "http GET /path". */
  requests: string[];
  close(): Promise<void>;
}

const NOT_FOUND: FixturePage = { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };

export async function startFixtureSite(options: FixtureSiteOptions): Promise<FixtureSite> {
  const host = options.host ?? '127.0.0.1';
  const requests: string[] = [];
  const ports: SitePorts = { https: 0, http: 0 };
  const handler = (scheme: 'https' | 'http', pages: PageTable) => (request: http.IncomingMessage, response: http.ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requests.push(`${scheme} ${request.method} ${path}`);
    const entry = pages[path];
    const page = (typeof entry === 'function' ? entry(ports) : entry) ?? NOT_FOUND;
    response.writeHead(page.status, page.headers ?? {});
    response.end(page.body ?? '');
  };
  const secure = https.createServer(
    { key: options.key, cert: options.cert, ...(options.minVersion ? { minVersion: options.minVersion } : {}), ...(options.ciphers ? { ciphers: options.ciphers } : {}) },
    handler('https', options.httpsPages),
  );
  // Probes with protocols the server refuses end in client errors: expected, not a failure of the fixture.
  secure.on('tlsClientError', () => undefined);
  const plain = http.createServer(handler('http', options.httpPages));
  ports.https = await listen(secure, host);
  ports.http = await listen(plain, host);
  return {
    ports,
    requests,
    close: async () => {
      await Promise.all([closeServer(secure), closeServer(plain)]);
    },
  };
}

export interface Trap {
  host: string;
  ports: number[];
  connections: number;
  close(): Promise<void>;
}

/** Listens on these ports (or two random ones) of an address the scanner may not reach, and counts connections. */
export async function startTrap(host: string, wanted: number[] = [0, 0]): Promise<Trap> {
  const trap = { host, ports: [] as number[], connections: 0 };
  const servers = wanted.map(() =>
    net.createServer((socket) => {
      trap.connections++;
      socket.destroy();
    }),
  );
  trap.ports = await Promise.all(servers.map((server, index) => listen(server, host, wanted[index])));
  return Object.assign(trap, { close: async () => void (await Promise.all(servers.map(closeServer))) });
}

/** A port on 127.0.0.1 where nothing listens (taken and released at once). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server, '127.0.0.1');
  await closeServer(server);
  return port;
}

function listen(server: net.Server, host: string, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) (server as http.Server).closeAllConnections();
    server.close(() => resolve());
  });
}
