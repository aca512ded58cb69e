import { POLICY_ENTITY_TYPES } from '../../domain';
import type { PolicyAction, PolicyRule } from '../../domain';

/** What an action does to the user's prompt, in plain words. */
const ACTION_EFFECT: Record<PolicyAction, string> = {
  block: 'your prompt is blocked and not sent to the model',
  redact: 'it is replaced by a label naming its type before the model sees it',
  anonymize: 'it is replaced by a numbered placeholder before the model sees it, and the original comes back in the reply',
  flag: 'your prompt is sent unchanged and marked for review',
  allow: 'it is let through unchanged',
};

function listOf(items: readonly string[], max = 6): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** What a rule looks for, in plain words. */
export function ruleFinds(rule: PolicyRule): string {
  switch (rule.Kind) {
    case 'entities':
      return rule.EntityTypes.length === POLICY_ENTITY_TYPES.length
        ? 'any personal data the detectors know'
        : `personal data of these types: ${listOf(rule.EntityTypes)}`;
    case 'secrets':
      return 'secrets such as API keys, passwords and access tokens';
    case 'keywords':
      return rule.Topic ? `words about “${rule.Topic}” (${listOf(rule.Keywords.map((k) => `“${k}”`))})` : `the words ${listOf(rule.Keywords.map((k) => `“${k}”`))}`;
    case 'regex':
      return `text matching the pattern ${rule.Pattern}${rule.Label ? ` (labelled ${rule.Label})` : ''}`;
    case 'prompt_injection':
      return 'attempts to override the assistant’s instructions (prompt injection)';
    case 'harmful_request':
      return 'requests for harmful content (weapons, malware, violence and the like)';
  }
}

/** One sentence for a user: "When your prompt contains …, …". */
export function describeRule(rule: PolicyRule): string {
  const condition =
    rule.Kind === 'prompt_injection' ? 'looks like an attempt to override the assistant’s instructions'
      : rule.Kind === 'harmful_request' ? 'asks for harmful content'
        : `contains ${ruleFinds(rule)}`;
  const wholePrompt = rule.Kind === 'prompt_injection' || rule.Kind === 'harmful_request';
  const effect = wholePrompt && rule.Action === 'allow' ? 'it is let through' : ACTION_EFFECT[rule.Action];
  return `When your prompt ${condition}, ${effect}.`;
}
