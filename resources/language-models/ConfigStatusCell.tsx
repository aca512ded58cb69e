import { Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { LanguageModel } from '../../domain';
import { ConfigStatusChip } from './ConfigStatusChip';
import { TestModelButton } from './TestModelButton';
import { useModelTest } from './useModelTest';

/** List cell: the config status chip and the row's Test button, which share the TESTING state. */
export function ConfigStatusCell() {
  const model = useRecordContext<LanguageModel>();
  const test = useModelTest(model);
  if (!model || test.status === undefined) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ConfigStatusChip status={test.status} message={test.message} />
      <TestModelButton name={model.Name} testing={test.testing} onTest={() => void test.run()} />
    </Stack>
  );
}
