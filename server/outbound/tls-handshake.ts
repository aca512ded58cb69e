// One TLS handshake with a host, for passive scans (certificate, negotiated protocol, which protocol versions are
// accepted): the host is checked by the guard first and the checked address is the one dialled, while the
// ClientHello carries the real name (SNI). Nothing is sent after the handshake; the connection is closed at once.
import tls from 'node:tls';
import type { OutboundGuard } from './guard';
import type { SecureContexts } from './secure-contexts';

export interface TlsHandshakeOptions {
  hostname: string;
  port: number;
  minVersion?: tls.SecureVersion;
  maxVersion?: tls.SecureVersion;
  /** OpenSSL cipher list; `DEFAULT@SECLEVEL=0` lets a probe offer TLS 1.0 and 1.1 at all. */
  ciphers?: string;
  /** Bounds connect and handshake together. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TlsHandshakeResult {
  /** The address dialled (the checked one). */
  address: string;
  protocol: string | null;
  cipher: string;
  /** The certificate chain verifies against the trusted CAs (the name is checked separately, by the caller). */
  authorized: boolean;
  authorizationError: string | null;
  certificate: tls.PeerCertificate;
}

/** Rejects with OutboundRefusedError before any connection, with the resolver's error, or with the socket's. */
export async function guardedTlsHandshake(guard: OutboundGuard, contexts: SecureContexts, options: TlsHandshakeOptions): Promise<TlsHandshakeResult> {
  const target = await guard.check(new URL(`https://${options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname}/`));
  options.signal?.throwIfAborted();
  const servername = target.address.address === target.hostname ? undefined : target.hostname;
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: target.address.address,
      port: options.port,
      ...(servername ? { servername } : {}),
      // Read the certificate whatever it is; the caller reports whether it is trusted.
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
      // The trusted CAs and the protocol/cipher choice, in a context kept by the client (secure-contexts.ts).
      secureContext: contexts.for({ minVersion: options.minVersion, maxVersion: options.maxVersion, ciphers: options.ciphers }),
    });
    const finish = (error: Error | null, result?: TlsHandshakeResult) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve(result!);
    };
    const onAbort = () => finish(options.signal?.reason instanceof Error ? options.signal.reason : new Error('The handshake was aborted.'));
    const timer = setTimeout(() => finish(Object.assign(new Error(`No TLS handshake with ${target.hostname} within ${options.timeoutMs} ms.`), { code: 'ETIMEDOUT' })), options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('error', (error) => finish(error));
    socket.once('secureConnect', () => {
      const authorizationError = socket.authorizationError ? String(socket.authorizationError) : null;
      finish(null, {
        address: target.address.address,
        protocol: socket.getProtocol(),
        cipher: socket.getCipher().name,
        authorized: socket.authorized,
        authorizationError,
        certificate: socket.getPeerCertificate(false),
      });
    });
  });
}
