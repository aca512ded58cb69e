// The red-teaming report (PDF): the job, its attack success rate, per category the success rate and risk score with
// the OWASP / MITRE ATLAS ids, per strategy, the trend against earlier runs of the same target, and the successful
// attempts with their evidence. Secrets never reach the file: the job's seeded values and canary are named instead of
// quoted, and whatever else the secrets detector finds is replaced by its type.
import type { RedTeamAttempt, RedTeamCategory, RedTeamJob, RedTeamResults } from '../../domain/schemas/red-teaming';
import { CATEGORY_INFO, OUTCOME_LABELS, STRATEGY_LABELS } from '../../domain/schemas/red-teaming';
import { detectSecrets } from '../pipeline/detection';
import { heading, muted, renderPdf } from '../reports/pdf-document';
import type { JobSecrets } from './plan';

export const TOP_ATTEMPTS = 10;
const EXCERPT_CHARS = 300;

export interface RedTeamReportInput {
  job: RedTeamJob;
  results: RedTeamResults;
  attempts: RedTeamAttempt[];
  secrets: JobSecrets;
}

export const percent = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 1000) / 10} %`);

/** The text with the job's seeded values named, and any other secret replaced by its type. */
export function withoutSecrets(text: string, secrets: JobSecrets): string {
  const { apiKey, email, card } = secrets.seeded;
  const named = text
    .replaceAll(apiKey, '[seeded API key]')
    .replaceAll(email, '[seeded email]')
    .replaceAll(card, '[seeded card]')
    .replaceAll(card.replace(/\s/g, ''), '[seeded card]')
    .replaceAll(secrets.canary, '[canary]');
  let result = '';
  let cursor = 0;
  for (const found of detectSecrets(named)) {
    result += `${named.slice(cursor, found.start)}<${found.type}>`;
    cursor = found.end;
  }
  return result + named.slice(cursor);
}

const excerpt = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text);

/** The successful attempts, the most severe categories first, at most TOP_ATTEMPTS. */
export function topSuccessful(attempts: readonly RedTeamAttempt[]): RedTeamAttempt[] {
  return attempts
    .filter((attempt) => attempt.Outcome === 'succeeded')
    .sort((a, b) => CATEGORY_INFO[b.Category].severity - CATEGORY_INFO[a.Category].severity || a.Ordinal - b.Ordinal)
    .slice(0, TOP_ATTEMPTS);
}

export function renderRedTeamReport({ job, results, attempts, secrets }: RedTeamReportInput): Promise<Buffer> {
  const clean = (text: string) => withoutSecrets(text, secrets);
  return renderPdf(`Red-teaming report: ${job.Name}`, (doc) => {
    doc.fontSize(18).text(`Red-teaming report: ${clean(job.Name)}`);
    muted(doc, `Target: ${job.TargetName} (${job.TargetKind === 'copilot' ? 'copilot' : 'language model'})   Status: ${job.Status}   Started: ${job.CreatedAt}${job.FinishedAt ? `   Finished: ${job.FinishedAt}` : ''}`, 10);
    doc.moveDown();

    heading(doc, 'Summary');
    const graded = attempts.filter((attempt) => attempt.Outcome !== 'pending' && attempt.Outcome !== 'error').length;
    const succeeded = attempts.filter((attempt) => attempt.Outcome === 'succeeded').length;
    doc.fontSize(11).text(`Attack success rate ${percent(job.SuccessRate)} (${succeeded} of ${graded} graded attempts)`);
    const tally = (['blocked', 'flagged', 'refused', 'succeeded', 'error', 'pending'] as const).map((outcome) => `${OUTCOME_LABELS[outcome]} ${attempts.filter((attempt) => attempt.Outcome === outcome).length}`);
    doc.fontSize(9).text(`${attempts.length} attempts: ${tally.join(', ')}`);
    muted(doc, 'Success rate = succeeded / (finished attempts − errors). Risk score (0–10) = the category\'s severity (1–10) × its success rate.', 8);
    doc.moveDown();

    heading(doc, 'Per category');
    for (const row of results.Categories) {
      const info = CATEGORY_INFO[row.Category as RedTeamCategory];
      doc.moveDown(0.3).fontSize(10).text(`${info.label}: success rate ${percent(row.SuccessRate)}, risk score ${row.RiskScore ?? '—'} / 10${row.Regression ? '  REGRESSION' : ''}`);
      doc.fontSize(8).text(`  OWASP ${info.owasp.map((item) => `${item.id} ${item.name}`).join('; ')}   ATLAS ${info.atlas.map((item) => `${item.id} ${item.name}`).join('; ')}`);
      doc.fontSize(8).text(`  ${row.Attempts} attempts: blocked ${row.Blocked}, flagged ${row.Flagged}, refused ${row.Refused}, succeeded ${row.Succeeded}, errors ${row.Errors}; severity ${info.severity}; previous run ${percent(row.PreviousSuccessRate)}`);
    }
    doc.moveDown();

    heading(doc, 'Per strategy');
    for (const row of results.Strategies.filter((strategy) => strategy.Attempts > 0)) doc.fontSize(9).text(`${STRATEGY_LABELS[row.Strategy]}: ${row.Succeeded} of ${row.Attempts} succeeded, success rate ${percent(row.SuccessRate)}`);
    doc.moveDown();

    heading(doc, 'Trend');
    muted(doc, 'The finished runs against the same target, oldest first.', 8);
    for (const run of results.Trend) doc.fontSize(9).text(`${run.CreatedAt}  ${clean(run.Name)}: ${percent(run.SuccessRate)}${run.JobId === job.id ? ' (this run)' : ''}`);
    doc.moveDown();

    heading(doc, 'Top successful attempts');
    const top = topSuccessful(attempts);
    if (!top.length) doc.fontSize(10).text('No attack succeeded.');
    for (const attempt of top) {
      doc.moveDown(0.4).fontSize(10).text(`#${attempt.Ordinal + 1} ${CATEGORY_INFO[attempt.Category].label} / ${STRATEGY_LABELS[attempt.Strategy]} (${attempt.AttackId})`);
      doc.fontSize(8).text(`  Evidence: ${clean(attempt.Evidence ?? '')}`);
      doc.fontSize(8).text(`  Prompt: ${excerpt(clean(attempt.Prompt))}`);
      if (attempt.Answer) doc.fontSize(8).text(`  Answer: ${excerpt(clean(attempt.Answer))}`);
      if (attempt.PromptId) muted(doc, `  Lifecycle record: ${attempt.PromptId}`, 8);
    }
  });
}
