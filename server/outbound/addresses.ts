// What an outbound call may reach: address literals and resolved addresses are classified with ipaddr.js, and a few
// names are refused outright (they mean this machine or a cloud's metadata service whatever they resolve to).
import ipaddr from 'ipaddr.js';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'carrier-grade NAT'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

/** Cloud instance metadata services (AWS and Azure and GCP, ECS tasks, Alibaba, Oracle, AWS over IPv6). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

/** Names that mean this machine or a metadata service, refused before any lookup. */
const BLOCKED_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

const IPV4_CLASSES: Record<string, AddressClass> = {
  unicast: 'public',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
};

const IPV6_CLASSES: Record<string, AddressClass> = {
  unicast: 'public',
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
};

/**
 * The host of a URL (or a bare host) in one canonical form: lower case, no brackets, no trailing dot, IPv4 in
 * dotted decimal (the URL parser turns 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1). Null when not a host.
 */
export function canonicalHost(host: string): string | null {
  const trimmed = host.trim();
  if (!trimmed || /[\s/?#@\\]/.test(trimmed)) return null;
  const bracketed = trimmed.includes(':') && !trimmed.startsWith('[') ? `[${trimmed}]` : trimmed;
  let hostname: string;
  try {
    const url = new URL(`http://${bracketed}`);
    if (url.port || url.pathname !== '/') return null;
    hostname = url.hostname;
  } catch {
    return null;
  }
  return hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase() || null;
}

/** The address a canonical host names, IPv4-mapped IPv6 as IPv4; null for a name. */
export function addressOf(host: string): string | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(bare)) return null;
  // Only canonical forms: "1.2" is valid to ipaddr.js but is not what a caller who wrote a name meant.
  if (!ipaddr.IPv6.isValid(bare) && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return null;
  return ipaddr.process(bare).toString();
}

/** Which kind of address this is; anything that is not plain public unicast is one of the refused kinds. */
export function classifyAddress(address: string): AddressClass {
  const parsed = ipaddr.process(address.replace(/^\[(.*)\]$/, '$1'));
  const canonical = parsed.toString();
  if (METADATA_ADDRESSES.has(canonical)) return 'metadata';
  if (parsed.kind() === 'ipv4') return IPV4_CLASSES[parsed.range()] ?? 'reserved';
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that a gateway will reach: judge that one.
  const embedded = range === 'rfc6052' || range === 'rfc6145' ? v6.toByteArray().slice(12, 16) : range === '6to4' ? v6.toByteArray().slice(2, 6) : null;
  if (embedded) return classifyAddress(ipaddr.fromByteArray(embedded).toString());
  return IPV6_CLASSES[range] ?? 'reserved';
}

/** Why a name is refused before any lookup, or null. */
export function blockedNameClass(hostname: string): AddressClass | null {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return 'loopback';
  return BLOCKED_NAMES.has(hostname) ? 'metadata' : null;
}

export const describeClass = (kind: AddressClass): string =>
  `${/^[aeiu]/.test(kind) ? 'an' : 'a'} ${kind === 'metadata' ? 'cloud metadata' : kind} address`;
