import InfoIcon from '@mui/icons-material/InfoOutlined';
import { Alert, AlertTitle } from '@mui/material';
import { POLICY_PRECEDENCE_TEXT } from '../../domain';

/** How global, group and model policies combine: the same text the engine's explanations cite. */
export function PrecedencePanel() {
  return (
    <Alert severity="info" icon={<InfoIcon />} component="section" role="region" aria-label="How policies combine">
      <AlertTitle>How policies combine</AlertTitle>
      {POLICY_PRECEDENCE_TEXT}
    </Alert>
  );
}
