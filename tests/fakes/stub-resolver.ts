// A resolver for outbound calls in tests: answers from a table (a list, or a function for answers that change
// between lookups), records every lookup, and says ENOTFOUND for any other name, so that no test ever asks the
// machine's DNS server.
import type { ResolvedAddress, Resolver } from '../../server/outbound';

export type StubAnswers = Record<string, string[] | (() => string[])>;

export interface StubResolver extends Resolver {
  lookups: string[];
}

export function stubResolver(answers: StubAnswers = {}): StubResolver {
  const lookups: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    lookups.push(hostname);
    const answer = answers[hostname];
    const addresses = typeof answer === 'function' ? answer() : answer;
    if (!addresses?.length) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { lookups });
}
