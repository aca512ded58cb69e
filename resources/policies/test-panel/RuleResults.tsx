import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { POLICY_RULE_KIND_LABELS, POLICY_RULE_KINDS } from '../../../domain';
import type { PolicyRuleKind, PolicyTestResult } from '../../../domain';

type RuleResult = PolicyTestResult['Policies'][number]['Rules'][number];

const kindLabel = (kind: string) => ((POLICY_RULE_KINDS as readonly string[]).includes(kind) ? POLICY_RULE_KIND_LABELS[kind as PolicyRuleKind] : kind);

/** Why a rule matched or not, in one line. */
export function ruleOutcome(rule: RuleResult): string {
  if (!rule.Enabled) return 'Disabled: not run.';
  const matches = rule.Matches.filter((match) => match.Type !== 'PROMPT_INJECTION').map((match) => `${match.Type} “${match.Text}”`);
  const found = matches.length > 0 ? `Found ${matches.join(', ')}.` : null;
  if (rule.Matched) return [found ?? 'Matched.', rule.Note].filter(Boolean).join(' ');
  return rule.Note ?? 'Nothing found.';
}

/** Per policy, per rule: matched or not, its action, and why. */
export function RuleResults({ result }: { result: PolicyTestResult }) {
  return (
    <Box>
      {result.Policies.map((policy) => (
        <Box key={policy.PolicyId}>
          {result.Policies.length > 1 && (
            <Typography variant="subtitle2" component="h4">
              {policy.PolicyName} ({policy.PolicyType})
            </Typography>
          )}
          <List dense disablePadding aria-label={`Rules of ${policy.PolicyName}`}>
            {policy.Rules.map((rule) => (
              <ListItem key={rule.RuleId} disableGutters alignItems="flex-start" data-matched={rule.Matched}>
                <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                  {rule.Matched ? <CheckCircleIcon color="warning" fontSize="small" titleAccess="Matched" /> : <RadioButtonUncheckedIcon color="disabled" fontSize="small" titleAccess="Not matched" />}
                </ListItemIcon>
                <ListItemText
                  primary={`${rule.RuleName} — ${rule.Matched ? `matched, proposes ${rule.Action}` : 'no match'}`}
                  secondary={`${kindLabel(rule.Kind)}. ${ruleOutcome(rule)}`}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}
