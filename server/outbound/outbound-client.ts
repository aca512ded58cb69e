// The one client for calls that leave the console: providers, verifiers, connectors, identity providers and
// (to come) company research. One per app, built from OUTBOUND_ALLOW_HOSTS.
import type { FieldErrors } from '../http/errors';
import { badRequest } from '../http/errors';
import type { FetchLike, OutboundLimits } from './guarded-fetch';
import { DEFAULT_OUTBOUND_LIMITS, guardedFetch } from './guarded-fetch';
import type { GuardOptions } from './guard';
import { OutboundGuard } from './guard';
import { PinnedAgents } from './pinned-agents';

export class OutboundClient {
  readonly guard: OutboundGuard;
  private readonly agents = new PinnedAgents();

  constructor(options: GuardOptions) {
    this.guard = new OutboundGuard(options);
  }

  /** A fetch-compatible function with these bounds, for SDKs' `fetch` option and openid-client's customFetch. */
  fetcher(limits: Partial<OutboundLimits> = {}): FetchLike {
    const bounds = { ...DEFAULT_OUTBOUND_LIMITS, ...limits };
    return (input, init) => guardedFetch(this.guard, this.agents, bounds, input, init);
  }

  /** For a save: 400 naming each field whose URL outbound calls may not reach (literal address or resolved). */
  async assertCallable(urls: Record<string, string | null | undefined>): Promise<void> {
    const errors: FieldErrors = {};
    for (const [field, url] of Object.entries(urls)) {
      const refusal = url ? await this.guard.refusalOf(url) : null;
      if (refusal) errors[field] = refusal;
    }
    if (Object.keys(errors).length) throw badRequest('Some fields are not valid.', errors);
  }

  async close(): Promise<void> {
    await this.agents.close();
  }
}
