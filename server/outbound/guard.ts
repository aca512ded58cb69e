// The check every outbound call passes before it connects: http(s) only, and a host that is neither an address nor
// a name of the refused kinds, unless the operator allowed it. A name is resolved here, every address it resolves
// to is checked, and the address to connect to is the checked one.
import { AllowList } from './allow-list';
import type { AddressClass } from './addresses';
import { addressOf, blockedNameClass, canonicalHost, classifyAddress, describeClass } from './addresses';
import { OutboundRefusedError } from './errors';
import type { ResolvedAddress, Resolver } from './resolver';
import { systemResolver } from './resolver';

export const ALLOW_HINT = 'outbound calls to private, loopback, link-local and metadata addresses are refused unless the operator names the host in OUTBOUND_ALLOW_HOSTS';
/** How long a save waits for a name to resolve before it accepts the URL (the call itself checks again). */
const SAVE_CHECK_TIMEOUT_MS = 5000;

export interface GuardOptions {
  /** Canonical host names and addresses from OUTBOUND_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  resolver?: Resolver;
}

/** Where a call may go: its host and the checked address to connect to. */
export interface CheckedTarget {
  hostname: string;
  address: ResolvedAddress;
}

export class OutboundGuard {
  private readonly allowList: AllowList;
  readonly resolver: Resolver;

  constructor(options: GuardOptions) {
    this.allowList = new AllowList(options.allowHosts);
    this.resolver = options.resolver ?? systemResolver;
  }

  /** Resolves and checks the URL's host; throws OutboundRefusedError, or the resolver's error when it has no address. */
  async check(url: URL): Promise<CheckedTarget> {
    const hostname = this.hostOf(url);
    const literal = addressOf(hostname);
    if (literal) {
      this.assertAddress(hostname, literal, 'is');
      return { hostname, address: { address: literal, family: literal.includes(':') ? 6 : 4 } };
    }
    const allowedName = this.allowList.allowsName(hostname);
    const blockedName = allowedName ? null : blockedNameClass(hostname);
    if (blockedName) throw refused(hostname, `is ${describeClass(blockedName).replace(/address$/, 'name')}`);
    const addresses = await this.resolver(hostname);
    if (!addresses.length) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
    if (!allowedName) for (const { address } of addresses) this.assertAddress(hostname, address, 'resolves to');
    return { hostname, address: addresses[0]! };
  }

  /**
   * For a save: why this URL may not be called, or null. A name that does not resolve now is accepted (the call
   * checks again); a URL that is not one at all is left to the schema's own message.
   */
  async refusalOf(value: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SAVE_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.check(url).then(() => null), timeout]);
    } catch (error) {
      return error instanceof OutboundRefusedError ? error.message : null;
    } finally {
      clearTimeout(timer);
    }
  }

  private hostOf(url: URL): string {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundRefusedError(url.protocol, `Only http and https URLs can be called, not ${url.protocol.replace(/:$/, '')}.`);
    }
    const hostname = canonicalHost(url.hostname);
    if (!hostname) throw new OutboundRefusedError(url.hostname, 'The URL has no host.');
    return hostname;
  }

  private assertAddress(hostname: string, address: string, verb: 'is' | 'resolves to'): void {
    if (this.allowList.allowsAddress(address)) return;
    const kind: AddressClass = classifyAddress(address);
    if (kind !== 'public') throw refused(hostname, `${verb} ${describeClass(kind)}`);
  }
}

function refused(hostname: string, why: string): OutboundRefusedError {
  return new OutboundRefusedError(hostname, `The host ${hostname} ${why}; ${ALLOW_HINT}.`);
}
