// The red-teaming calls (server/red-teaming): jobs, results, attempts, guard examples.
import { z } from 'zod';
import { API_BASE, getJson, httpClient, postJson } from '../../../dataProvider';
import { GuardExampleSchema, RedTeamAttemptSchema, RedTeamJobSchema, RedTeamResultsSchema } from '../../../domain';
import type { RedTeamJobInput } from '../../../domain';

const JOBS = '/red-teaming/jobs';
const EXAMPLES = '/red-teaming/guard-examples';
const id = (value: string) => encodeURIComponent(value);

export const listJobs = () => getJson(`${JOBS}?sort=${encodeURIComponent('["CreatedAt","DESC"]')}&range=[0,99]`, z.array(RedTeamJobSchema));
export const getJob = (jobId: string) => getJson(`${JOBS}/${id(jobId)}`, RedTeamJobSchema);
export const getResults = (jobId: string) => getJson(`${JOBS}/${id(jobId)}/results`, RedTeamResultsSchema);
export const listAttempts = (jobId: string) => getJson(`${JOBS}/${id(jobId)}/attempts?range=[0,499]`, z.array(RedTeamAttemptSchema));
export const createJob = (input: RedTeamJobInput) => postJson(JOBS, input, RedTeamJobSchema);
export const cancelJob = (jobId: string) => postJson(`${JOBS}/${id(jobId)}/cancel`, {}, RedTeamJobSchema);
export const rerunJob = (jobId: string) => postJson(`${JOBS}/${id(jobId)}/rerun`, {}, RedTeamJobSchema);
export const exportUrl = (jobId: string, format: 'csv' | 'json') => `${API_BASE}${JOBS}/${id(jobId)}/export?format=${format}`;
export const reportUrl = (jobId: string) => `${API_BASE}${JOBS}/${id(jobId)}/report`;

export const listGuardExamples = () => getJson(`${EXAMPLES}?range=[0,199]`, z.array(GuardExampleSchema));
export const addGuardExample = (Text: string, SourceAttemptId: string | null) => postJson(EXAMPLES, { Text, SourceAttemptId }, GuardExampleSchema);
export async function removeGuardExample(exampleId: string): Promise<void> {
  await httpClient(`${API_BASE}${EXAMPLES}/${id(exampleId)}`, { method: 'DELETE' });
}

/** Models and copilots the form can target. */
export const listTargets = async () => {
  const item = z.object({ id: z.union([z.string(), z.number()]), Name: z.string() }).passthrough();
  const [models, apps] = await Promise.all([getJson('/language-models?range=[0,199]', z.array(item)), getJson('/apps?range=[0,199]', z.array(item)).catch(() => [])]);
  return { models, apps };
};
