// TLS secure contexts made once per client and kept, not once per connection: a context built from the system's CAs
// plus extra ones (research's RESEARCH_EXTRA_CA_FILE) parses about 150 certificates, and with a 20-search burst that
// parsing took most of the event loop (2.4 s of a 14 s profile, `addCACerts`). One context per protocol/cipher choice
// (passive scans probe TLS 1.0 and 1.1 with their own), so a handful at most.
import tls from 'node:tls';

export type ContextChoice = Pick<tls.SecureContextOptions, 'minVersion' | 'maxVersion' | 'ciphers'>;

export class SecureContexts {
  private readonly contexts = new Map<string, tls.SecureContext>();
  /** The trusted CAs: the system's plus the extra ones, or undefined for node's default store. */
  readonly ca: string[] | undefined;

  constructor(extraCa: readonly string[] = []) {
    this.ca = extraCa.length ? [...tls.rootCertificates, ...extraCa] : undefined;
  }

  for(choice: ContextChoice = {}): tls.SecureContext {
    const key = `${choice.minVersion ?? ''}|${choice.maxVersion ?? ''}|${choice.ciphers ?? ''}`;
    let context = this.contexts.get(key);
    if (!context) {
      context = tls.createSecureContext({
        ...(this.ca ? { ca: this.ca } : {}),
        ...(choice.minVersion ? { minVersion: choice.minVersion } : {}),
        ...(choice.maxVersion ? { maxVersion: choice.maxVersion } : {}),
        ...(choice.ciphers ? { ciphers: choice.ciphers } : {}),
      });
      this.contexts.set(key, context);
    }
    return context;
  }
}
