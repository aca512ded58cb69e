import { Button, CircularProgress } from '@mui/material';
import { useFormState } from 'react-hook-form';

/** Full-width submit button of the sign-in forms, busy while the form submits. */
export function SubmitButton({ label }: { label: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      sx={{ mt: 1 }}
    >
      {label}
    </Button>
  );
}
