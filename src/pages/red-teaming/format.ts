/** A rate (0–1) as a percentage with one decimal, as the tables and charts show it. */
export const percentOf = (rate: number): number => Math.round(rate * 1000) / 10;
export const percent = (rate: number | null): string => (rate === null ? '—' : `${percentOf(rate)} %`);
export const redTeamJobPath = (jobId: string) => `/admin/red-teaming/${encodeURIComponent(jobId)}`;
export const isActive = (status: string) => status === 'queued' || status === 'running';
