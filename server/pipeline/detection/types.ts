import { POLICY_ENTITY_TYPES } from '../../../domain/schemas/policies';
import type { PolicyEntityType } from '../../../domain/schemas/policies';

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

/** The Presidio entity types the engine finds: the same list policies may name (one contract, in domain/). */
export const PII_ENTITY_TYPES = POLICY_ENTITY_TYPES;

export type PiiEntityType = PolicyEntityType;
