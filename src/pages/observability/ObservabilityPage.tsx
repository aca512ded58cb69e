import { Navigate, Route, Routes } from 'react-router-dom';
import { ActivityPage } from './activity/ActivityPage';
import { CriticalEventsPage } from './events/CriticalEventsPage';
import { DashboardPage } from './DashboardPage';
import { RiskAssessmentPage } from './risk/RiskAssessmentPage';
import { ObservabilityScopeProvider } from './scope/ObservabilityScope';

/** /admin/observability/* (ORG_ADMIN, CUSTOMER_ADMIN): the dashboard, critical events, risk assessment, activity. */
export function ObservabilityPage() {
  return (
    <ObservabilityScopeProvider>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="critical-events" element={<CriticalEventsPage />} />
        <Route path="risk-assessment" element={<RiskAssessmentPage />} />
        <Route path="user-activity" element={<ActivityPage />} />
        <Route path="*" element={<Navigate to="dashboard" replace />} />
      </Routes>
    </ObservabilityScopeProvider>
  );
}
