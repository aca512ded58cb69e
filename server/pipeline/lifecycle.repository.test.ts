import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../tests/helpers/build';
import type { TestApp } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { PromptCycleStatus } from '../../domain/enums';
import { PIPELINE_STAGES } from '../../domain/schemas/lifecycle';
import { INTERRUPTED_REASON, LifecycleRepository } from './lifecycle.repository';
import type { PromptOutcome } from './lifecycle.repository';

// A prompt in progress has no stage rows until a stage is written (the marker is one row, off the request path's
// writes): its record shows the others WAITING, a job's stage is kept, a restart's recovery writes the rest FAILED.

let t: TestApp;
let lifecycle: LifecycleRepository;
let organizationId: string;
let userId: string;

const OUTCOME: PromptOutcome = { status: 'success', blocked: null, malicious: false, flagged: false, anonymized: false, redacted: false, attributes: [], policyIds: [] };
const stageRows = (promptId: string) => t.db.kysely.selectFrom('prompt_stages').select(['service', 'cycle_status', 'reason']).where('prompt_id', '=', promptId).orderBy('ordinal').execute();
const newPrompt = () => lifecycle.create({ organizationId, userId, conversationId: null, appId: null, languageModelId: null, messageType: 'PROMPT_LLM' });
const llmDone = { cycleStatus: PromptCycleStatus.SUCCESS, serviceStatus: 'success' as const, reason: null, latencyMs: 12, tokensIn: 3, tokensOut: 5 };

beforeAll(async () => {
  t = await build({ env: { JOBS: 'false' } });
  const demo = await demoTenant(t);
  organizationId = demo.organizationId;
  userId = demo.users.user.id;
  lifecycle = new LifecycleRepository(t.db.kysely);
});

afterAll(async () => {
  await t.close();
});

describe('the stages of a prompt in progress', () => {
  it('writes none at the marker and shows every stage WAITING, in order', async () => {
    const id = await newPrompt();
    expect(await stageRows(id)).toEqual([]);
    const record = await lifecycle.find(id);
    expect(record?.Stages.map((stage) => stage.Service)).toEqual([...PIPELINE_STAGES]);
    expect(record?.Stages.every((stage) => stage.CycleStatus === PromptCycleStatus.WAITING)).toBe(true);
  });

  it('keeps a stage written on its own, and writes the unwritten ones WAITING when the prompt finishes without a trace', async () => {
    const id = await newPrompt();
    await lifecycle.updateStage(id, 'llm', llmDone);
    expect(await stageRows(id)).toEqual([{ service: 'llm', cycle_status: PromptCycleStatus.SUCCESS, reason: null }]);
    expect(await lifecycle.finish(id, OUTCOME)).toBe(true);
    const rows = await stageRows(id);
    expect(rows.map((row) => row.service)).toEqual([...PIPELINE_STAGES]);
    expect(rows.filter((row) => row.cycle_status === PromptCycleStatus.WAITING)).toHaveLength(PIPELINE_STAGES.length - 1);
    expect(rows.find((row) => row.service === 'llm')?.cycle_status).toBe(PromptCycleStatus.SUCCESS);
  });

  it("writes a restart's reason on every stage not done, and keeps the one done", async () => {
    const id = await newPrompt();
    await lifecycle.updateStage(id, 'llm', llmDone);
    expect(await lifecycle.failInterrupted(Date.now(), { liveInstanceIds: [], unowned: true })).toBeGreaterThanOrEqual(1);
    const rows = await stageRows(id);
    expect(rows).toHaveLength(PIPELINE_STAGES.length);
    for (const row of rows) {
      if (row.service === 'llm') expect(row).toEqual({ service: 'llm', cycle_status: PromptCycleStatus.SUCCESS, reason: null });
      else expect(row).toEqual({ service: row.service, cycle_status: PromptCycleStatus.FAILED, reason: INTERRUPTED_REASON });
    }
    expect((await lifecycle.find(id))?.Status).toBe('failed');
  });
});
