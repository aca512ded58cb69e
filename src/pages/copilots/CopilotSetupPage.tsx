import { Box, Card, CardContent, Typography } from '@mui/material';
import { Navigate, useParams } from 'react-router-dom';
import { COPILOT_STEP_COUNT, COPILOT_STEP_LABELS } from '../../../domain';
import { CopilotHeading } from './CopilotHeading';
import { copilotPath, copilotStepPath, firstIncompleteStep, parseStep } from './copilotPaths';
import { CopilotStepForm } from './CopilotStepForm';
import { CopilotStepper } from './CopilotStepper';
import { useCopilot } from './useCopilot';

/** /admin/apps/:PID/:STEP: one set-up step; a step beyond the first incomplete one resumes there instead. */
export function CopilotSetupPage() {
  const { id = '', step: stepParam } = useParams();
  const step = parseStep(stepParam);
  const { app, refetch, body } = useCopilot(id);
  if (!app) return body;
  if (step === null) return <Navigate to={copilotPath(app.id)} replace />;
  const resumeAt = firstIncompleteStep(app);
  if (step > resumeAt) return <Navigate to={copilotStepPath(app.id, resumeAt)} replace />;
  return (
    <Box sx={{ pb: 4 }}>
      <CopilotHeading app={app} />
      <Card variant="outlined">
        <CardContent>
          <CopilotStepper app={app} active={step} />
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Step {step} of {COPILOT_STEP_COUNT}: {COPILOT_STEP_LABELS[step]}
          </Typography>
          <CopilotStepForm app={app} step={step} reload={refetch} />
        </CardContent>
      </Card>
    </Box>
  );
}
