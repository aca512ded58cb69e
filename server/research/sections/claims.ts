// The claims section: security and compliance statements the company makes, found by patterns in the documents
// (passages the guard removed are gone already), each quoted as the sentence that says it, with its source.
import type { Claim, ResearchDocument } from '../../../domain/schemas/research-search';

export interface ClaimPattern {
  topic: string;
  label: string;
  pattern: RegExp;
}

export const CLAIM_PATTERNS: readonly ClaimPattern[] = [
  { topic: 'soc2', label: 'SOC 2 report', pattern: /\bSOC ?2\b(?: Type (?:II|2|I|1)\b)?/i },
  { topic: 'iso27001', label: 'ISO/IEC 27001 certification', pattern: /\bISO(?:\/IEC)? ?27001\b/i },
  { topic: 'pci', label: 'PCI DSS compliance', pattern: /\bPCI[- ]DSS\b/i },
  { topic: 'hipaa', label: 'HIPAA compliance', pattern: /\bHIPAA\b/ },
  { topic: 'gdpr', label: 'GDPR compliance', pattern: /\bGDPR\b/ },
  { topic: 'mfa', label: 'Multi-factor authentication', pattern: /\b(?:multi[- ]factor|two[- ]factor|MFA|2FA)\b/i },
  { topic: 'sso', label: 'Single sign-on', pattern: /\b(?:single sign[- ]on|SSO)\b/ },
  { topic: 'backups', label: 'Backups', pattern: /\b(?:daily|hourly|weekly|regular|encrypted|off-?site|immutable|offline) backups?\b|\bbacked up\b/i },
  { topic: 'encryption_rest', label: 'Encryption at rest', pattern: /\bencrypt(?:ed|ion)? at rest\b/i },
  { topic: 'encryption_transit', label: 'Encryption in transit (TLS)', pattern: /\bencrypt(?:ed|ion)? in transit\b|\bTLS ?1\.[23]\b|\bHTTPS everywhere\b/i },
  { topic: 'dmarc', label: 'DMARC', pattern: /\bDMARC\b/ },
  { topic: 'spf', label: 'SPF', pattern: /\bSPF\b/ },
  { topic: 'dkim', label: 'DKIM', pattern: /\bDKIM\b/ },
  { topic: 'pentest', label: 'Penetration testing', pattern: /\bpen(?:etration)?[- ]test(?:s|ing|ed)?\b/i },
  { topic: 'vulnerability_disclosure', label: 'Vulnerability disclosure program', pattern: /\b(?:bug bounty|vulnerability disclosure|responsible disclosure|security\.txt)\b/i },
  { topic: 'incident_response', label: 'Incident response plan', pattern: /\bincident response\b/i },
  { topic: 'vendor_risk', label: 'Vendor risk management', pattern: /\b(?:vendor|third[- ]party|supplier) (?:risk|security) (?:management|assessments?|reviews?)\b/i },
  { topic: 'training', label: 'Security awareness training', pattern: /\bsecurity (?:awareness )?training\b/i },
  { topic: 'edr', label: 'Endpoint detection and response', pattern: /\b(?:EDR|endpoint detection)\b/ },
];

const MAX_QUOTES_PER_TOPIC = 3;
const MAX_QUOTE_CHARS = 300;

export function extractClaims(documents: readonly ResearchDocument[]): Claim[] {
  const claims: Claim[] = [];
  const perTopic = new Map<string, number>();
  const seen = new Set<string>();
  for (const document of documents) {
    for (const sentence of sentencesOf(document.Text)) {
      for (const { topic, label, pattern } of CLAIM_PATTERNS) {
        if ((perTopic.get(topic) ?? 0) >= MAX_QUOTES_PER_TOPIC || !pattern.test(sentence)) continue;
        const quote = sentence.length > MAX_QUOTE_CHARS ? `${sentence.slice(0, MAX_QUOTE_CHARS - 1)}…` : sentence;
        const key = `${topic}\u0000${quote}`;
        if (seen.has(key)) continue;
        seen.add(key);
        perTopic.set(topic, (perTopic.get(topic) ?? 0) + 1);
        claims.push({ Topic: topic, Label: label, Quote: quote, Source: document.Source });
      }
    }
  }
  return claims;
}

function sentencesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9“"])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 8 && !sentence.startsWith('[passage removed'));
}
