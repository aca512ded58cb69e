import { z } from 'zod';

// Company research, the cysmo section: findings of the passive outside-in scan of a company's domain (what insurers'
// scanners look at). Each finding names the check, its result and severity, the raw evidence it rests on (records,
// headers, certificate fields as received) and what to do about it.

export const SCAN_RESULTS = ['pass', 'warning', 'fail', 'not_applicable'] as const;
export const SCAN_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
export const SCAN_CATEGORIES = ['dns', 'email', 'tls', 'http', 'disclosure'] as const;

export type ScanResult = (typeof SCAN_RESULTS)[number];
export type ScanSeverity = (typeof SCAN_SEVERITIES)[number];
export type ScanCategory = (typeof SCAN_CATEGORIES)[number];

export const ScanFindingSchema = z.object({
  /** Stable id of the check, e.g. `email.dmarc`. */
  check: z.string().regex(/^[a-z]+\.[a-z0-9_]+$/),
  title: z.string().min(1),
  category: z.enum(SCAN_CATEGORIES),
  result: z.enum(SCAN_RESULTS),
  severity: z.enum(SCAN_SEVERITIES),
  /** What was seen, as received (cookie values left out); for a check that could not run, why. */
  evidence: z.array(z.string()),
  recommendation: z.string(),
});
export type ScanFinding = z.infer<typeof ScanFindingSchema>;

export const PassiveScanSchema = z.object({
  /** Where the mail and CAA records were read: the site's host without a leading www. */
  domain: z.string(),
  /** The web host that was resolved, connected to and fetched from. */
  host: z.string(),
  startedAt: z.string().datetime(),
  finishedAt: z.string().datetime(),
  findings: z.array(ScanFindingSchema),
});
export type PassiveScan = z.infer<typeof PassiveScanSchema>;
