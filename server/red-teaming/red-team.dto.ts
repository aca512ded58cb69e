import type { AttemptOutcome, GuardExample, RedTeamAttempt, RedTeamCategory, RedTeamJob, RedTeamStrategy } from '../../domain/schemas/red-teaming';
import { iso, isoOrNull } from '../http/rest';
import type { GuardExampleRow } from './guard-examples.repository';
import type { OutcomeCount, RedTeamAttemptRow, RedTeamJobRow } from './red-team.repository';
import { overallRate } from './results';

export function toRedTeamJob(row: RedTeamJobRow, counts: readonly OutcomeCount[]): RedTeamJob {
  const own = counts.filter((count) => count.job_id === row.id);
  const { total, rate } = overallRate(own);
  const finished = own.filter((count) => count.outcome !== 'pending').reduce((sum, count) => sum + count.n, 0);
  return {
    id: row.id,
    Name: row.name,
    TargetKind: row.target_kind as RedTeamJob['TargetKind'],
    LanguageModelId: row.language_model_id === null ? null : Number(row.language_model_id),
    AppId: row.app_id,
    TargetName: row.target_name,
    RunAsUserId: row.run_as_user_id,
    Categories: JSON.parse(row.categories_json) as RedTeamCategory[],
    Strategies: JSON.parse(row.strategies_json) as RedTeamStrategy[],
    AttemptsPerCategory: Number(row.attempts_per_category),
    Concurrency: Number(row.concurrency),
    SystemPrompt: row.system_prompt,
    JudgeLanguageModelId: row.judge_language_model_id === null ? null : Number(row.judge_language_model_id),
    Status: row.status as RedTeamJob['Status'],
    Progress: total ? Math.floor((finished / total) * 100) : 0,
    Message: row.message,
    RerunOf: row.rerun_of,
    TotalAttempts: total,
    SuccessRate: rate,
    CreatedAt: iso(Number(row.created_at)),
    FinishedAt: isoOrNull(row.finished_at === null ? null : Number(row.finished_at)),
  };
}

export function toRedTeamAttempt(row: RedTeamAttemptRow): RedTeamAttempt {
  return {
    id: row.id,
    JobId: row.job_id,
    Ordinal: Number(row.ordinal),
    Category: row.category as RedTeamCategory,
    Strategy: row.strategy as RedTeamStrategy,
    AttackId: row.attack_id,
    Prompt: (JSON.parse(row.turns_json) as string[]).join('\n\n') + (row.document ? `\n\n[document]\n${row.document}` : ''),
    Outcome: row.outcome as AttemptOutcome,
    Evidence: row.evidence,
    Rule: row.rule,
    Flagged: Number(row.flagged) === 1,
    Answer: row.answer,
    Judge: row.judge_json ? (JSON.parse(row.judge_json) as RedTeamAttempt['Judge']) : null,
    PromptId: row.prompt_id,
    PreviousOutcome: (row.previous_outcome as AttemptOutcome | null) ?? null,
    FinishedAt: isoOrNull(row.finished_at === null ? null : Number(row.finished_at)),
  };
}

export function toGuardExample(row: GuardExampleRow): GuardExample {
  return { id: row.id, Text: row.text, SourceAttemptId: row.source_attempt_id, CreatedAt: iso(Number(row.created_at)) };
}

const CSV_COLUMNS = ['Ordinal', 'Category', 'Strategy', 'AttackId', 'Outcome', 'Rule', 'Flagged', 'Evidence', 'PromptId', 'PreviousOutcome', 'Prompt', 'Answer'] as const;

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Cells a spreadsheet would run as a formula are quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function attemptsCsv(attempts: readonly RedTeamAttempt[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const attempt of attempts) lines.push(CSV_COLUMNS.map((column) => csvCell(attempt[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
