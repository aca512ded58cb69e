import { Alert, Box, Card, CardContent, List as MuiList, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Labeled, Show, useRecordContext } from 'react-admin';
import { POLICY_PRECEDENCE_TEXT } from '../../domain';
import type { Policy } from '../../domain';
import { PolicyTargetsField } from '../policies/PolicyTargetsField';
import { PolicyTypeChip } from '../policies/PolicyTypeChip';
import { describeRule } from '../policies/ruleDescription';

function PolicyRulesInWords() {
  const policy = useRecordContext<Policy>();
  if (!policy) return null;
  const rules = policy.Rules.filter((rule) => rule.Enabled);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {policy.Name}
      </Typography>
      {policy.Description && <Typography color="text.secondary">{policy.Description}</Typography>}
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <Labeled label="Type">
          <PolicyTypeChip type={policy.Type} />
        </Labeled>
        <Labeled label="Applies to">
          <PolicyTargetsField groupsResource="groups" modelsResource="language-models" />
        </Labeled>
      </Box>
      <Typography variant="subtitle1" component="h2">
        What it does to your prompts
      </Typography>
      {rules.length === 0 ? (
        <Typography color="text.secondary">This policy has no active rules.</Typography>
      ) : (
        <MuiList dense disablePadding aria-label="Rules in plain words">
          {rules.map((rule, index) => (
            <ListItem key={rule.id} disableGutters>
              <ListItemText primary={`${index + 1}. ${rule.Name ?? 'Rule'}`} secondary={describeRule(rule)} slotProps={{ secondary: { sx: { fontSize: 15 } } }} />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Alert severity="info">
        <strong>When several policies apply: </strong>
        {POLICY_PRECEDENCE_TEXT}
      </Alert>
    </Stack>
  );
}

/** /policies/{PID} (USER): one policy that applies to the user, explained in plain words. */
export function MyPolicyShow() {
  return (
    <Show title="Policy" actions={false}>
      <Card elevation={0}>
        <CardContent>
          <PolicyRulesInWords />
        </CardContent>
      </Card>
    </Show>
  );
}
