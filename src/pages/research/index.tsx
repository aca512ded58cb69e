import { ResearchPage } from './ResearchPage';

export const VoraDashboardPage = () => <ResearchPage variant="vora" />;
export const VoraPDashboardPage = () => <ResearchPage variant="vora_p" />;
