import { Route, Routes } from 'react-router-dom';
import { JobPage } from './JobPage';
import { JobsPage } from './JobsPage';

/** /admin/red-teaming/{JobId?} (ORG_ADMIN): the jobs, the create form and the guard examples; one job's results. */
export function RedTeamingPage() {
  return (
    <Routes>
      <Route index element={<JobsPage />} />
      <Route path=":JobId" element={<JobPage />} />
    </Routes>
  );
}
