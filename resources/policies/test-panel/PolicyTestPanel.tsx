import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { MAX_TEST_PROMPT_LENGTH } from '../../../domain';
import { draftFromForm } from './testDraft';
import { TestResultView } from './TestResultView';
import { usePolicyTest } from './usePolicyTest';

/**
 * "Test this policy": runs the policy as it stands in the editor (saved or not, as a Draft, on its own) on a
 * sample prompt and shows what each rule would do and why.
 */
export function PolicyTestPanel() {
  const { getValues } = useFormContext();
  const [prompt, setPrompt] = useState('');
  const { result, error, pending, run, fail } = usePolicyTest();

  const onTest = () => {
    const draft = draftFromForm(getValues());
    if (!draft.ok) return fail(draft.message);
    void run({ Prompt: prompt, PolicyIds: [], Draft: draft.draft });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="policy-test-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="policy-test-title" variant="subtitle1" component="h2">
            Test this policy
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Runs the rules as they are in the form, unsaved changes included, on a sample prompt. Nothing is stored.
          </Typography>
          <TextField
            label="Sample prompt"
            multiline
            minRows={3}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_TEST_PROMPT_LENGTH } }}
            fullWidth
          />
          <Button
            variant="contained"
            startIcon={pending ? <CircularProgress size={18} color="inherit" /> : <ScienceIcon />}
            disabled={pending || !prompt.trim()}
            onClick={onTest}
            sx={{ alignSelf: 'flex-start' }}
          >
            Test
          </Button>
          {error && (
            <Typography color="error" role="alert" variant="body2">
              {error}
            </Typography>
          )}
          {result && <TestResultView result={result} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
