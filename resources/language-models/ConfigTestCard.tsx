import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { LanguageModel } from '../../domain';
import { ConfigStatusChip } from './ConfigStatusChip';
import { formatTestedAt } from './languageModelFormat';
import { TestModelButton } from './TestModelButton';
import { useModelTest } from './useModelTest';

/** Edit page: the connection test of the saved settings, with its status and the provider's message. */
export function ConfigTestCard() {
  const model = useRecordContext<LanguageModel>();
  const test = useModelTest(model);
  if (!model || test.status === undefined) return null;
  return (
    <Card variant="outlined" sx={{ m: 2, mb: 0, maxWidth: 880 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                Connection test
              </Typography>
              <ConfigStatusChip status={test.status} message={null} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="config-message">
              {test.message ?? 'Not tested yet. Save your changes, then test: the provider is asked one short question.'}
            </Typography>
            {!test.testing && model.TestedAt && (
              <Typography variant="caption" color="text.secondary">
                Last tested {formatTestedAt(model.TestedAt)}
              </Typography>
            )}
          </Stack>
          <TestModelButton name={model.Name} testing={test.testing} onTest={() => void test.run()} />
        </Stack>
      </CardContent>
    </Card>
  );
}
