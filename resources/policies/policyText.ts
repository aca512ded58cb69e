import type { PolicyAction, PolicyRuleKind, PolicyType } from '../../domain';
import type { StatusTone } from '../../src/ui/status/StatusChip';

/** One line per action, shown under the action select of a rule. */
export const ACTION_EXPLANATIONS: Record<PolicyAction, string> = {
  block: 'Block: the whole prompt is stopped and never reaches the model.',
  redact: 'Redact: the found text is replaced by its type, such as <EMAIL_ADDRESS>; the model never sees it.',
  anonymize: 'Anonymize: the found text becomes a placeholder such as <PERSON_1>; the reply gets the original back.',
  flag: 'Flag: the prompt goes through unchanged and is marked for review.',
  allow: 'Allow: the finding goes through, exempt from a broader policy’s redact, anonymize or flag (never from a block).',
};

/** The actions each detector may take; a prompt-injection finding has no text worth replacing. */
export const ACTIONS_BY_KIND: Record<PolicyRuleKind, readonly PolicyAction[]> = {
  entities: ['block', 'redact', 'anonymize', 'flag', 'allow'],
  secrets: ['block', 'redact', 'anonymize', 'flag', 'allow'],
  keywords: ['block', 'redact', 'anonymize', 'flag', 'allow'],
  regex: ['block', 'redact', 'anonymize', 'flag', 'allow'],
  prompt_injection: ['block', 'flag', 'allow'],
  harmful_request: ['block', 'flag', 'allow'],
};

export const POLICY_TYPE_TONES: Record<PolicyType, StatusTone> = {
  'Global Policy': 'progress',
  'Group Policy': 'success',
  'Language Model Policy': 'warning',
};

/** Highlight colour of a finding, by its decided action (MUI's default red, orange, blue, purple and green). */
export const ACTION_COLOURS: Record<PolicyAction, string> = {
  block: '#d32f2f',
  redact: '#ed6c02',
  anonymize: '#0288d1',
  flag: '#9c27b0',
  allow: '#2e7d32',
};
