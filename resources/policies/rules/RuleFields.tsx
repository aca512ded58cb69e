import { Box, Typography } from '@mui/material';
import { BooleanInput, SelectInput, TextInput, useSimpleFormIteratorItem, useSourceContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PolicyAction, PolicyRuleKind } from '../../../domain';
import { actionChoicesFor, RULE_KIND_CHOICES } from '../policyChoices';
import { ACTION_EXPLANATIONS, ACTIONS_BY_KIND } from '../policyText';
import { DetectorFields } from './DetectorFields';

/**
 * The two selects share the row (the action's labels are the longer ones) and wrap below each other when narrow; a
 * long choice wraps inside its field rather than being cut ("Redact (replace with the type label)").
 */
const selectSx = (grow: number) => ({ flex: `${grow} 1 0`, minWidth: 220, '& .MuiSelect-select': { whiteSpace: 'normal' } });

/** One rule of the ordered list: name, detector, action, enabled; then the detector's options and what the action does. */
export function RuleFields() {
  const { index } = useSimpleFormIteratorItem();
  const { getSource } = useSourceContext();
  const { setValue, getValues } = useFormContext();
  const kind = useWatch({ name: getSource('Kind') }) as PolicyRuleKind | undefined;
  const action = useWatch({ name: getSource('Action') }) as PolicyAction | undefined;

  const onKindChange = (event: unknown) => {
    const next = (event as { target?: { value?: unknown } }).target?.value as PolicyRuleKind;
    const allowed = ACTIONS_BY_KIND[next] ?? [];
    const current = getValues(getSource('Action')) as PolicyAction | undefined;
    if (current && !allowed.includes(current)) setValue(getSource('Action'), allowed[0], { shouldDirty: true });
  };

  return (
    <Box role="group" aria-label={`Rule ${index + 1}`} sx={{ width: '100%', pt: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <TextInput source="Name" label="Rule name" helperText={false} sx={{ flex: 1, minWidth: 0 }} />
        <BooleanInput source="Enabled" label="Enabled" helperText={false} sx={{ mt: 1, flexShrink: 0 }} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <SelectInput source="Kind" label="Detector" choices={RULE_KIND_CHOICES} onChange={onKindChange} isRequired helperText={false} fullWidth sx={selectSx(1)} />
        <SelectInput source="Action" label="Action" choices={actionChoicesFor(kind)} isRequired helperText={false} fullWidth sx={selectSx(1.4)} />
      </Box>
      <DetectorFields kind={kind} />
      {action && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="action-explanation">
          {ACTION_EXPLANATIONS[action]}
        </Typography>
      )}
    </Box>
  );
}
