import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { Button, CircularProgress } from '@mui/material';

/** "Test": asks the provider; busy while the test runs. */
export function TestModelButton({ name, testing, onTest }: { name: string; testing: boolean; onTest: () => void }) {
  return (
    <Button
      size="small"
      disabled={testing}
      aria-label={testing ? `Testing ${name}` : `Test ${name}`}
      startIcon={testing ? <CircularProgress size={16} /> : <NetworkCheckIcon />}
      onClick={(event) => {
        event.stopPropagation();
        onTest();
      }}
    >
      Test
    </Button>
  );
}
