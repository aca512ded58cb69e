import { Title } from 'react-admin';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { PageHeading } from '../../../ui/lists/PageHeading';
import { DrillDownProvider } from '../drilldown/DrillDownContext';
import { FiltersBar } from '../scope/FiltersBar';
import { useObservabilityScope } from '../scope/ObservabilityScope';
import { RiskLeaderboardWidget } from '../widgets/RiskLeaderboardWidget';
import { RiskSettingsForm } from './RiskSettingsForm';

/** /admin/observability/risk-assessment: the leaderboards with factor breakdowns, and the organization's settings. */
export function RiskAssessmentPage() {
  const { riskSettings, riskSettingsState, tenant } = useObservabilityScope();
  return (
    <DrillDownProvider>
      <Title title="Risk Assessment" />
      <PageHeading title="Risk Assessment" subtitle="Who and what carries the most risk, factor by factor, and how the factors are scored." />
      <FiltersBar />
      <Box sx={{ display: 'grid', gap: 2, pb: 3 }}>
        <RiskLeaderboardWidget showFactors />
        <Card variant="outlined" component="section" aria-labelledby="risk-settings-heading">
          <CardContent>
            <Typography id="risk-settings-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
              Risk factor settings
            </Typography>
            {riskSettingsState === 'LOADING' || !tenant ? (
              <Box role="status" aria-label="Loading risk settings" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
                <CircularProgress size={28} />
              </Box>
            ) : (
              <RiskSettingsForm key={tenant.organizationID} initial={riskSettings} />
            )}
          </CardContent>
        </Card>
      </Box>
    </DrillDownProvider>
  );
}
