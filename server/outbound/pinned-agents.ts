// One undici Agent per checked (host, address): its connector dials the checked address, never a fresh lookup of the
// name, while TLS still sends the name (SNI) and verifies the certificate against it. Agents are kept (and their
// connections reused) for the most recently used targets only. Certificates are checked against the system's CAs,
// plus the extra CAs a client was given (research's RESEARCH_EXTRA_CA_FILE).
import type tls from 'node:tls';
import { Agent, buildConnector } from 'undici';
import type { CheckedTarget } from './guard';
import { addressOf } from './addresses';
import { SecureContexts } from './secure-contexts';

const MAX_AGENTS = 64;
const CONNECT_TIMEOUT_MS = 10_000;

export class PinnedAgents {
  private readonly agents = new Map<string, Agent>();
  constructor(private readonly contexts: SecureContexts = new SecureContexts()) {}

  for(target: CheckedTarget): Agent {
    const key = `${target.hostname}|${target.address.address}`;
    const known = this.agents.get(key);
    if (known) {
      this.agents.delete(key);
      this.agents.set(key, known);
      return known;
    }
    const agent = new Agent({ connect: pinnedConnector(target, this.contexts.for()) });
    this.agents.set(key, agent);
    if (this.agents.size > MAX_AGENTS) {
      const [oldestKey, oldest] = this.agents.entries().next().value as [string, Agent];
      this.agents.delete(oldestKey);
      // close() lets requests under way finish.
      void oldest.close().catch(() => undefined);
    }
    return agent;
  }

  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.destroy().catch(() => undefined)));
  }
}

function pinnedConnector(target: CheckedTarget, secureContext: tls.SecureContext): buildConnector.connector {
  // undici hands its options to tls.connect: the kept context is used, not one built per connection.
  const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS, secureContext });
  const servername = addressOf(target.hostname) ? undefined : target.hostname;
  return (options, callback) => connect({ ...options, hostname: target.address.address, ...(servername ? { servername } : {}) }, callback);
}
