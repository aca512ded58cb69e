// A DNS server on 127.0.0.1 (UDP, random port) answering from a table of zones, for research tests: node's resolver
// asks it through RESEARCH_DNS_SERVERS. Names the table does not know answer NXDOMAIN; a known name without the asked
// type answers no data. A record may be a function, for answers that change between queries (DNS rebinding).
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

type Answer<T> = T[] | (() => T[]);

export interface FixtureRecords {
  A?: Answer<string>;
  AAAA?: Answer<string>;
  MX?: Answer<{ exchange: string; priority: number }>;
  TXT?: Answer<string>;
  CAA?: Answer<{ flags?: number; tag: 'issue' | 'issuewild' | 'iodef'; value: string }>;
}

export type FixtureZones = Record<string, FixtureRecords>;

export interface FixtureDns {
  /** host:port, as RESEARCH_DNS_SERVERS takes it. */
  server: string;
  /** Every question asked, as "name TYPE". */
  queries: string[];
  close(): Promise<void>;
}

const TYPE_NAMES: Record<number, keyof FixtureRecords> = { [Packet.TYPE.A]: 'A', [Packet.TYPE.AAAA]: 'AAAA', [Packet.TYPE.MX]: 'MX', [Packet.TYPE.TXT]: 'TXT', [Packet.TYPE.CAA]: 'CAA' };
const NXDOMAIN = 3;

/** `port` 0 (the default) takes a free one; the e2e run gives a fixed one, known to the server's settings before it starts. */
export async function startFixtureDns(zones: FixtureZones, port = 0): Promise<FixtureDns> {
  const queries: string[] = [];
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0];
    if (!question) return void send(response);
    const name = question.name.toLowerCase().replace(/\.$/, '');
    const type = TYPE_NAMES[question.type];
    queries.push(`${name} ${type ?? question.type}`);
    const records = zones[name];
    if (!records) {
      response.header.rcode = NXDOMAIN;
      return void send(response);
    }
    const answer = type ? records[type] : undefined;
    const values: unknown[] = typeof answer === 'function' ? answer() : (answer ?? []);
    for (const value of values) response.answers.push(resource(question.name, question.type, value));
    void send(response);
  });
  await server.listen(port, '127.0.0.1');
  const address = server.address() as AddressInfo;
  return {
    server: `127.0.0.1:${address.port}`,
    queries,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

function resource(name: string, type: number, value: unknown): InstanceType<typeof Packet.Resource> {
  // TTL 0: every query is asked again, so that answers that change (rebinding) are seen.
  const base = { name, type, class: Packet.CLASS.IN, ttl: 0 };
  if (type === Packet.TYPE.A || type === Packet.TYPE.AAAA) return { ...base, address: value } as never;
  if (type === Packet.TYPE.TXT) return { ...base, data: value } as never;
  if (type === Packet.TYPE.MX) return { ...base, ...(value as object) } as never;
  return { ...base, flags: 0, ...(value as object) } as never;
}
