export const percent = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 1000) / 10} %`);
export const redTeamJobPath = (jobId: string) => `/admin/red-teaming/${encodeURIComponent(jobId)}`;
export const isActive = (status: string) => status === 'queued' || status === 'running';
