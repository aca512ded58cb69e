// Name resolution for outbound calls, injectable: the system resolver by default, a stub or a local DNS server in
// tests, and (for company research) one that asks the servers of RESEARCH_DNS_SERVERS.
import dns from 'node:dns';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a name; rejects (with a `code` such as ENOTFOUND) when there is none. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** getaddrinfo, as every other program of the machine resolves (hosts file included), in the system's order. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, order: 'verbatim' });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};
