import { Box } from '@mui/material';
import { Navigate, useParams } from 'react-router-dom';
import { CopilotHeading } from './CopilotHeading';
import { copilotStepPath, firstIncompleteStep, isSetUp } from './copilotPaths';
import { CopilotSummary } from './CopilotSummary';
import { useCopilot } from './useCopilot';

/** /admin/apps/:PID: a copilot being set up resumes at its first incomplete step; a set-up one shows its summary. */
export function CopilotOverviewPage() {
  const { id = '' } = useParams();
  const { app, refetch, body } = useCopilot(id);
  if (!app) return body;
  if (!isSetUp(app)) return <Navigate to={copilotStepPath(app.id, firstIncompleteStep(app))} replace />;
  return (
    <Box sx={{ pb: 4 }}>
      <CopilotHeading app={app} />
      <CopilotSummary app={app} reload={refetch} />
    </Box>
  );
}
