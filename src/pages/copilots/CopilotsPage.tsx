import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { CopilotCreate } from './CopilotCreate';
import { CopilotList } from './CopilotList';
import { CopilotOverviewPage } from './CopilotOverviewPage';
import { CopilotSetupPage } from './CopilotSetupPage';

/** /admin/apps/{PID?}/{STEP?} (ORG_ADMIN): the copilots list, the create form, and each copilot's 7-step set-up. */
export function CopilotsPage() {
  return (
    <ResourceContextProvider value="admin/apps">
      <Routes>
        <Route index element={<CopilotList />} />
        <Route path="create" element={<CopilotCreate />} />
        <Route path=":id" element={<CopilotOverviewPage />} />
        <Route path=":id/:step" element={<CopilotSetupPage />} />
      </Routes>
    </ResourceContextProvider>
  );
}
