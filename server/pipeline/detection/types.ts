/** A detected span. Offsets are UTF-16 code unit indices into the scanned text, end exclusive. */
export interface DetectedEntity {
  type: string;
  start: number;
  end: number;
  /** Confidence in 0..1. */
  score: number;
  text: string;
}

export interface DetectOptions {
  /** Only report these entity types (default: all PII types). */
  types?: readonly string[];
}

export interface PromptAttackResult {
  malicious: boolean;
  score: number;
  reasons: string[];
}

export interface ScanEntity {
  type: string;
  start: number;
  end: number;
  score: number;
}

export interface ScanResult {
  malicious: boolean;
  score: number;
  entities: ScanEntity[];
}

export const PII_ENTITY_TYPES = [
  'PERSON',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'CREDIT_CARD',
  'IBAN_CODE',
  'US_SSN',
  'IP_ADDRESS',
  'LOCATION',
  'ORGANIZATION',
  'ADDRESS',
  'URL',
  'DOMAIN_NAME',
  'DATE_TIME',
  'US_DRIVER_LICENSE',
] as const;

export type PiiEntityType = (typeof PII_ENTITY_TYPES)[number];
