// RESEARCH_DNS_SERVERS and RESEARCH_EXTRA_CA_FILE: where research asks names and which extra CAs it trusts (tests
// point both at their local fixtures; an operator may point them at an internal resolver or CA).
import fs from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { addressOf } from '../outbound/addresses';

export const DNS_SERVERS_EXAMPLE = '127.0.0.1:5353';

/** Servers as node's dns.setServers takes them ("1.2.3.4", "1.2.3.4:5353", "[::1]:5353"), or the first bad entry. */
export function parseDnsServers(value: string | undefined): { servers: string[] } | { invalid: string } {
  const servers: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const server = dnsServerOf(entry);
    if (!server) return { invalid: entry };
    servers.push(server);
  }
  return { servers: [...new Set(servers)] };
}

function dnsServerOf(entry: string): string | null {
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+)(?::(\d+))?$/.exec(entry) ?? /^([0-9a-fA-F:]+)()$/.exec(entry);
  if (!match) return null;
  const address = addressOf(match[1]!);
  if (!address) return null;
  const port = match[2] ? Number(match[2]) : null;
  if (port !== null && (!Number.isInteger(port) || port < 1 || port > 65535)) return null;
  const host = address.includes(':') ? `[${address}]` : address;
  return port === null ? address : `${host}:${port}`;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The PEM certificates of the file, or why it cannot be used. */
export function readExtraCaFile(file: string): { certificates: string[] } | { invalid: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { invalid: `cannot read ${file}; give a readable PEM file of CA certificates` };
  }
  const certificates = text.match(PEM_CERTIFICATE) ?? [];
  if (!certificates.length) return { invalid: `${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` };
  for (const pem of certificates) {
    try {
      new X509Certificate(pem);
    } catch {
      return { invalid: `${file} holds a certificate that cannot be read` };
    }
  }
  return { certificates: certificates.map((pem) => `${pem}\n`) };
}
