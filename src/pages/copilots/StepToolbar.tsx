import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Button, CircularProgress } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { COPILOT_STEP_COUNT } from '../../../domain';

/** Back to the previous step (or the list); Next saves this step and moves on once the server agrees. */
export function StepToolbar({ step, onBack }: { step: number; onBack: () => void }) {
  const { isSubmitting } = useFormState();
  const last = step === COPILOT_STEP_COUNT;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} disabled={isSubmitting}>
        Back
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        endIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : last ? undefined : <ArrowForwardIcon />}
      >
        {last ? 'Finish set-up' : 'Next'}
      </Button>
    </Box>
  );
}
