// A certificate authority made per test run and the site certificates it signs, for the research fixture sites:
// keys come from node's crypto (fast, native), node-forge builds and signs the X.509 certificates so that validity
// dates (a certificate expiring in 5 days) and names are whatever a test needs.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface TestCa {
  /** PEM of the CA certificate, to give the scanner as RESEARCH_EXTRA_CA_FILE. */
  certPem: string;
  issue(options: SiteCertificateOptions): SiteCertificate;
}

export interface SiteCertificateOptions {
  /** DNS names in subjectAltName; the first one is also the subject's common name. */
  names: string[];
  /** Days from now until the certificate expires. */
  validDays: number;
}

export interface SiteCertificate {
  key: string;
  cert: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function rsaKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), pem: privateKey };
}

function serialNumber(): string {
  // DER wants a positive serial in its shortest form: a first byte of 0x01–0x7f (an odd-length hex string, or a first
  // byte of 0, made one certificate in about 300 unreadable: "illegal padding").
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}

export function createTestCa(commonName = 'Research Fixture Test CA'): TestCa {
  const keys = rsaKeys();
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = keys.publicKey;
  caCert.serialNumber = serialNumber();
  caCert.validity.notBefore = new Date(Date.now() - DAY_MS);
  caCert.validity.notAfter = new Date(Date.now() + 365 * DAY_MS);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Research Fixtures' },
  ];
  caCert.setSubject(subject);
  caCert.setIssuer(subject);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(keys.privateKey, forge.md.sha256.create());

  return {
    certPem: forge.pki.certificateToPem(caCert),
    issue({ names, validDays }) {
      const site = rsaKeys();
      const cert = forge.pki.createCertificate();
      cert.publicKey = site.publicKey;
      cert.serialNumber = serialNumber();
      cert.validity.notBefore = new Date(Date.now() - DAY_MS);
      cert.validity.notAfter = new Date(Date.now() + validDays * DAY_MS);
      cert.setSubject([{ name: 'commonName', value: names[0] ?? 'site.test' }]);
      cert.setIssuer(caCert.subject.attributes);
      cert.setExtensions([
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        { name: 'subjectAltName', altNames: names.map((value) => ({ type: 2, value })) },
        { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
      ]);
      cert.sign(keys.privateKey, forge.md.sha256.create());
      return { key: site.pem, cert: forge.pki.certificateToPem(cert) };
    },
  };
}
