import { Box, Typography } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, TextInput, useSourceContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { HARMFUL_REQUEST_DEFAULT_THRESHOLD, PROMPT_ATTACK_DEFAULT_THRESHOLD } from '../../../domain';
import type { PolicyRuleKind } from '../../../domain';
import { ENTITY_TYPE_CHOICES } from '../policyChoices';
import { KeywordsInput } from './KeywordsInput';
import { RegexPatternInput } from './RegexPatternInput';
import { ThresholdInput } from './ThresholdInput';

/** The options of one detector kind; sources are relative to the rule (the iterator scopes them). */
export function DetectorFields({ kind }: { kind: PolicyRuleKind | undefined }) {
  const { getSource } = useSourceContext();
  const ignoreCase = useWatch({ name: getSource('IgnoreCase') }) === true;
  switch (kind) {
    case 'entities':
      return (
        <AutocompleteArrayInput
          source="EntityTypes"
          label="Entity types"
          choices={ENTITY_TYPE_CHOICES}
          helperText="Entity types as Presidio names them; the detectors find each of these."
          fullWidth
        />
      );
    case 'secrets':
      return (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Finds API keys, access tokens, private keys and passwords. This detector has no options.
        </Typography>
      );
    case 'keywords':
      return (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start', mb: 1 }}>
          <TextInput source="Topic" label="Topic (optional)" helperText="Names the list, e.g. Mergers; findings carry it." sx={{ width: 220 }} />
          <KeywordsInput source="Keywords" />
        </Box>
      );
    case 'regex':
      return (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start', mb: 1 }}>
          <RegexPatternInput source="Pattern" ignoreCase={ignoreCase} />
          <TextInput source="Label" label="Label" helperText="What findings are called, e.g. EMPLOYEE_ID" sx={{ width: 200 }} />
          <BooleanInput source="IgnoreCase" label="Ignore case" sx={{ mt: 1 }} />
        </Box>
      );
    case 'prompt_injection':
      return <ThresholdInput source="Threshold" score="attack" engineDefault={PROMPT_ATTACK_DEFAULT_THRESHOLD} />;
    case 'harmful_request':
      return <ThresholdInput source="Threshold" score="harmful-request" engineDefault={HARMFUL_REQUEST_DEFAULT_THRESHOLD} />;
    default:
      return null;
  }
}
