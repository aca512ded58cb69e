// OUTBOUND_ALLOW_HOSTS: the host names and addresses the operator lets outbound calls reach although they are
// private, loopback, link-local or metadata (an on-prem Ollama, the test fixtures on 127.0.0.1).
import { addressOf, canonicalHost } from './addresses';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/;

export const ALLOW_HOSTS_EXAMPLE = '127.0.0.1,ollama.internal';

/** The canonical entries of a comma-separated list, or the first entry that is neither a host name nor an address. */
export function parseAllowHosts(value: string | undefined): { hosts: string[] } | { invalid: string } {
  const hosts: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const host = canonicalHost(entry);
    if (!host || (!addressOf(host) && !HOST_NAME.test(host))) return { invalid: entry };
    hosts.push(host);
  }
  return { hosts: [...new Set(hosts)] };
}

/** A name entry allows that name whatever it resolves to; an address entry allows connecting to that address. */
export class AllowList {
  private readonly names = new Set<string>();
  private readonly addresses = new Set<string>();

  constructor(hosts: readonly string[]) {
    for (const host of hosts) {
      const address = addressOf(host);
      if (address) this.addresses.add(address);
      else this.names.add(host);
    }
  }

  allowsName(hostname: string): boolean {
    return this.names.has(hostname);
  }

  allowsAddress(address: string): boolean {
    const canonical = addressOf(address);
    return canonical !== null && this.addresses.has(canonical);
  }
}
