import { Title } from 'react-admin';
import { Box } from '@mui/material';
import { PageHeading } from '../../ui/lists/PageHeading';
import { DrillDownProvider } from './drilldown/DrillDownContext';
import { FiltersBar } from './scope/FiltersBar';
import { CopyrightCountsWidget } from './widgets/CopyrightCountsWidget';
import { LatencyWidget } from './widgets/LatencyWidget';
import { LlmQualityWidget } from './widgets/LlmQualityWidget';
import { PromptCountsWidget } from './widgets/PromptCountsWidget';
import { RiskLeaderboardWidget } from './widgets/RiskLeaderboardWidget';
import { ServiceStatusWidget } from './widgets/ServiceStatusWidget';
import { TokenStatsWidget } from './widgets/TokenStatsWidget';
import { TopListsWidget } from './widgets/TopListsWidget';
import { ToolTrafficWidget } from './widgets/ToolTrafficWidget';

/** /admin/observability/dashboard: the metrics widgets of §2.8. */
export function DashboardPage() {
  return (
    <DrillDownProvider>
      <Title title="Observability" />
      <PageHeading title="Observability" subtitle="What went through the governance pipeline: prompts, tokens, services, quality and who is most at risk." />
      <FiltersBar />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2, pb: 3 }}>
        <Box sx={{ gridColumn: { lg: '1 / -1' } }}>
          <PromptCountsWidget />
        </Box>
        <ServiceStatusWidget />
        <LatencyWidget />
        <TokenStatsWidget />
        <LlmQualityWidget />
        <ToolTrafficWidget />
        <TopListsWidget />
        <RiskLeaderboardWidget />
        <CopyrightCountsWidget />
      </Box>
    </DrillDownProvider>
  );
}
