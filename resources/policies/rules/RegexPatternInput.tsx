import { InputAdornment, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { PATTERN_PROBLEM_MESSAGES, patternProblem } from '../../../domain';
import { fieldErrorText } from '../../../src/forms/fieldErrorText';

export interface RegexPatternInputProps {
  source: string;
  /** Whether the rule ignores case (the pattern is checked with the same flags the engine compiles it with). */
  ignoreCase: boolean;
}

/**
 * The custom pattern of a regex rule, checked as it is typed with the same safety check as the server
 * (domain/schemas/policy-regex.ts): the refusal reason shows at once, not only on save.
 */
export function RegexPatternInput({ source, ignoreCase }: RegexPatternInputProps) {
  const { field, fieldState, formState, id } = useInput({ source, defaultValue: '' });
  const pattern = typeof field.value === 'string' ? field.value : '';
  const problem = pattern ? patternProblem(pattern, ignoreCase) : null;
  const submitError = fieldErrorText(fieldState.error);
  const message = problem ? PATTERN_PROBLEM_MESSAGES[problem] : formState.isSubmitted || fieldState.isTouched ? submitError : undefined;
  const helper = message ?? (pattern ? 'The pattern is valid and safe to run on every prompt.' : 'A JavaScript regular expression, e.g. EMP-\\d{6}');
  return (
    <TextField
      {...field}
      value={pattern}
      id={id}
      label="Pattern"
      error={!!message}
      helperText={helper}
      slotProps={{
        input: {
          sx: { fontFamily: 'monospace' },
          startAdornment: <InputAdornment position="start">/</InputAdornment>,
          endAdornment: <InputAdornment position="end">/{ignoreCase ? 'iu' : 'u'}</InputAdornment>,
        },
        formHelperText: { role: message ? 'alert' : undefined },
        // The asterisk without a native `required`: the form's own validation explains a missing pattern.
        inputLabel: { required: true },
      }}
      sx={{ flex: 2, minWidth: 280 }}
    />
  );
}
