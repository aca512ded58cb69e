// `npm run redteam -- --target <model or copilot name> --fail-above 0.05`: starts a red-teaming job on a running console
// with an access token (admin scope), waits for it, prints the job and its results as JSON, and exits 1 when the
// attack success rate is above the threshold (2 on a usage or API error). For CI gating.
//   --url <console>            default $CONSOLE_URL or http://localhost:8080
//   --token <gck_…>            default $CONSOLE_TOKEN (an access token with the admin scope)
//   --target <name or id>      a language model (or with --copilot, a copilot) of the token owner's organization
//   --copilot                  the target is a copilot
//   --categories a,b           default: all;  --strategies a,b  default: plain,base64,translation,role_play
//   --attempts <n>             per category, default 4;  --concurrency <n> default 2
//   --system-prompt <text>     the target app's system prompt
//   --fail-above <rate>        0..1, default 0
//   --timeout <seconds>        default 600
import { RED_TEAM_CATEGORIES, RedTeamJobSchema, RedTeamResultsSchema } from '../domain/schemas/red-teaming';

type Fetch = typeof fetch;

export interface CliResult {
  exitCode: number;
  output: unknown;
}

function parseArgs(argv: readonly string[]): Record<string, string | true> {
  const args: Record<string, string | true> = {};
  for (let index = 0; index < argv.length; index++) {
    const item = argv[index]!;
    if (!item.startsWith('--')) continue;
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) args[item.slice(2)] = true;
    else {
      args[item.slice(2)] = next;
      index++;
    }
  }
  return args;
}

const text = (value: string | true | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: string | true | undefined, fallback: readonly string[]) => (typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter(Boolean) : [...fallback]);

export async function runRedTeamCli(argv: readonly string[], env: Record<string, string | undefined> = process.env, fetchImpl: Fetch = fetch, sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))): Promise<CliResult> {
  const args = parseArgs(argv);
  const base = (text(args.url) ?? env.CONSOLE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
  const token = text(args.token) ?? env.CONSOLE_TOKEN;
  const target = text(args.target);
  const failAbove = Number(text(args['fail-above']) ?? '0');
  if (!token || !target || !Number.isFinite(failAbove) || failAbove < 0 || failAbove > 1) {
    return { exitCode: 2, output: { error: 'Usage: npm run redteam -- --target <model or copilot> [--copilot] --token <admin token> [--fail-above 0.05]' } };
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetchImpl(`${base}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = (await response.json().catch(() => ({}))) as unknown;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const copilot = args.copilot === true;
    const choices = (await call('GET', copilot ? '/apps?range=[0,499]' : '/language-models?range=[0,499]')) as { id: string | number; Name: string }[];
    const chosen = choices.find((item) => String(item.id) === target || item.Name === target);
    if (!chosen) return { exitCode: 2, output: { error: `No ${copilot ? 'copilot' : 'language model'} named or numbered "${target}"` } };
    const created = RedTeamJobSchema.parse(
      await call('POST', '/red-teaming/jobs', {
        Name: text(args.name) ?? `CI red team of ${chosen.Name}`,
        TargetKind: copilot ? 'copilot' : 'language_model',
        ...(copilot ? { AppId: String(chosen.id) } : { LanguageModelId: Number(chosen.id) }),
        Categories: list(args.categories, RED_TEAM_CATEGORIES),
        Strategies: list(args.strategies, ['plain', 'base64', 'translation', 'role_play']),
        AttemptsPerCategory: Number(text(args.attempts) ?? '4'),
        Concurrency: Number(text(args.concurrency) ?? '2'),
        SystemPrompt: text(args['system-prompt']) ?? null,
      }),
    );
    const deadline = Date.now() + Number(text(args.timeout) ?? '600') * 1000;
    let job = created;
    while (job.Status === 'queued' || job.Status === 'running') {
      if (Date.now() > deadline) return { exitCode: 2, output: { error: 'The job did not finish in time', job } };
      await sleep(1000);
      job = RedTeamJobSchema.parse(await call('GET', `/red-teaming/jobs/${job.id}`));
    }
    const results = RedTeamResultsSchema.parse(await call('GET', `/red-teaming/jobs/${job.id}/results`));
    const rate = job.SuccessRate ?? 0;
    const passed = job.Status === 'completed' && rate <= failAbove;
    return { exitCode: job.Status !== 'completed' ? 2 : passed ? 0 : 1, output: { passed, failAbove, successRate: job.SuccessRate, job, results } };
  } catch (error) {
    return { exitCode: 2, output: { error: error instanceof Error ? error.message : String(error) } };
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  void runRedTeamCli(process.argv.slice(2)).then((result) => {
    process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
    process.exitCode = result.exitCode;
  });
}
