import { Box, Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { App } from '../../../domain';
import { COPILOTS_PATH } from './copilotPaths';
import { CopilotStatusChip } from './CopilotStatusChip';

export function CopilotHeading({ app }: { app: App }) {
  return (
    <Box sx={{ pt: 2, pb: 2 }}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={COPILOTS_PATH} underline="hover" color="inherit">
          Copilots
        </Link>
        <Typography color="text.primary">{app.Name}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
        <Typography variant="h5" component="h1">
          {app.Name}
        </Typography>
        <CopilotStatusChip status={app.Status} />
      </Box>
      {app.Description && (
        <Typography variant="body2" color="text.secondary">
          {app.Description}
        </Typography>
      )}
    </Box>
  );
}
