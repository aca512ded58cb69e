// The one client for calls that leave the console: providers, verifiers, connectors, identity providers and
// company research (its own client: research's resolver and extra CAs). One per app, built from OUTBOUND_ALLOW_HOSTS.
import type { FieldErrors } from '../http/errors';
import { badRequest } from '../http/errors';
import type { FetchLike, OutboundLimits, TextExchange } from './guarded-fetch';
import { DEFAULT_OUTBOUND_LIMITS, guardedFetch, guardedText } from './guarded-fetch';
import type { GuardOptions } from './guard';
import { OutboundGuard } from './guard';
import { PinnedAgents } from './pinned-agents';
import { SecureContexts } from './secure-contexts';
import type { TlsHandshakeOptions, TlsHandshakeResult } from './tls-handshake';
import { guardedTlsHandshake } from './tls-handshake';

export interface OutboundClientOptions extends GuardOptions {
  /** PEM certificates trusted besides the system's CAs (research's RESEARCH_EXTRA_CA_FILE). */
  extraCa?: readonly string[];
}

export class OutboundClient {
  readonly guard: OutboundGuard;
  private readonly agents: PinnedAgents;
  private readonly contexts: SecureContexts;

  constructor(options: OutboundClientOptions) {
    this.guard = new OutboundGuard(options);
    this.contexts = new SecureContexts(options.extraCa);
    this.agents = new PinnedAgents(this.contexts);
  }

  /** A fetch-compatible function with these bounds, for SDKs' `fetch` option and openid-client's customFetch. */
  fetcher(limits: Partial<OutboundLimits> = {}): FetchLike {
    const bounds = { ...DEFAULT_OUTBOUND_LIMITS, ...limits };
    return (input, init) => guardedFetch(this.guard, this.agents, bounds, input, init);
  }

  /** A call whose answer is read whole as text (a provider's JSON completion), with these bounds: no platform Response. */
  texter(limits: Partial<OutboundLimits> = {}): TextExchange {
    const bounds = { ...DEFAULT_OUTBOUND_LIMITS, ...limits };
    return (url, call) => guardedText(this.guard, this.agents, bounds, url, call);
  }

  /** One checked TLS handshake (passive scans): refused hosts are never connected to. */
  tlsHandshake(options: TlsHandshakeOptions): Promise<TlsHandshakeResult> {
    return guardedTlsHandshake(this.guard, this.contexts, options);
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
