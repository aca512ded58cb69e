// Copyright check figures: `npm run bench:copyright`. An organization with BENCH_WORKS (10,000) synthetic protected
// works of about BENCH_WORK_WORDS (350) words each, built into the in-memory fingerprint index; then 4 KB answers
// checked against it (with the licence texts too, as by default): half of them original text, half quoting a
// passage of a random work. Prints the index build time and memory per 1,000 works and the check's p50 / p99.
// Memory figures need `--expose-gc` (the npm script passes it).
import os from 'node:os';
import { checkAnswer } from './checker';
import { FingerprintIndex } from './fingerprint-index';
import { licenceIndexOf } from './licences';

const WORKS = Number(process.env.BENCH_WORKS ?? 10_000);
const WORK_WORDS = Number(process.env.BENCH_WORK_WORDS ?? 350);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 2_000);
const ANSWER_BYTES = 4 * 1024;

// A deterministic generator, so that runs compare (mulberry32: 32-bit integer arithmetic, no precision loss, so no
// short cycles that would make works repeat one another).
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
};
const syllables = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'quen', 'dar', 'pel', 'sho', 'nit', 'gru', 'fay', 'bel', 'zor', 'um', 'ix'];
const vocabulary = Array.from({ length: 8000 }, () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
/** Zipf-like: a few words are everywhere, most are rare, as in real text (common k-grams make long posting lists). */
const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.5)]!;
function sentence(): string {
  const words = Array.from({ length: 8 + Math.floor(random() * 14) }, word);
  return `${words[0]!.charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`;
}
function textOf(words: number): string {
  const parts: string[] = [];
  let count = 0;
  while (count < words) {
    const next = sentence();
    parts.push(next);
    count += next.split(' ').length;
  }
  return parts.join(' ');
}
function answerOf(works: readonly string[], quoting: boolean): string {
  let answer = '';
  if (quoting) {
    const source = works[Math.floor(random() * works.length)]!;
    const start = Math.floor(random() * (source.length / 2));
    answer = `As the document says: ${source.slice(start, start + 900)} `;
  }
  while (answer.length < ANSWER_BYTES) answer += `${sentence()} `;
  return answer.slice(0, ANSWER_BYTES);
}

const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function main(): void {
  console.log(`copyright bench: ${WORKS} works of ~${WORK_WORDS} words, ${CHECKS} checks of ${ANSWER_BYTES} B answers${gc ? '' : ' (no --expose-gc: memory figures are rough)'}`);
  const texts = Array.from({ length: WORKS }, () => textOf(WORK_WORDS));
  const textBytes = texts.reduce((sum, text) => sum + text.length, 0);
  licenceIndexOf();

  const before = heap();
  const startedAt = performance.now();
  const index = new FingerprintIndex();
  texts.forEach((text, position) => index.add(`work-${position}`, `Work ${position}`, text));
  const buildMs = performance.now() - startedAt;
  const memory = heap() - before;
  console.log(`works text: ${mb(textBytes)} (${Math.round(textBytes / WORKS)} characters a work)`);
  console.log(`index build: ${buildMs.toFixed(0)} ms (${((buildMs / WORKS) * 1000).toFixed(0)} ms per 1,000 works), ${index.fingerprints.toLocaleString('en-US')} fingerprints`);
  console.log(`index memory: ${mb(memory)} (${mb((memory / WORKS) * 1000)} per 1,000 works)`);

  // Warm up the JIT, then measure.
  for (let run = 0; run < 200; run += 1) checkAnswer(answerOf(texts, run % 2 === 0), { works: index, licences: true });
  const answers = Array.from({ length: CHECKS }, (_, run) => answerOf(texts, run % 2 === 0));
  const times: number[] = [];
  const byKind: Record<'quoting' | 'original', number[]> = { quoting: [], original: [] };
  /** CPU time of this process per check (user + system, µs resolution): what the check costs without the waits of a loaded machine. */
  const cpu: number[] = [];
  const matched = { quoting: 0, original: 0 };
  answers.forEach((answer, run) => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = checkAnswer(answer, { works: index, licences: true });
    const took = performance.now() - started;
    const cpuUsed = process.cpuUsage(cpuBefore);
    cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
    times.push(took);
    byKind[run % 2 === 0 ? 'quoting' : 'original'].push(took);
    if (result.matches.some((match) => match.Kind === 'work')) matched[run % 2 === 0 ? 'quoting' : 'original'] += 1;
  });
  times.sort((left, right) => left - right);
  console.log(`check of a 4 KB answer (works + licences): p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`);
  console.log(`matched: ${matched.quoting} of ${Math.ceil(CHECKS / 2)} answers quoting a work, ${matched.original} of ${Math.floor(CHECKS / 2)} original answers`);
  for (const [kind, list] of Object.entries(byKind)) {
    list.sort((left, right) => left - right);
    console.log(`  ${kind} answers: p50 ${percentile(list, 50).toFixed(3)} ms, p99 ${percentile(list, 99).toFixed(3)} ms`);
  }
  cpu.sort((left, right) => left - right);
  console.log(`CPU time per check: p50 ${percentile(cpu, 50).toFixed(3)} ms, p99 ${percentile(cpu, 99).toFixed(3)} ms`);
  console.log(`load average while measuring: ${os.loadavg().map((value) => value.toFixed(1)).join(', ')} on ${os.cpus().length} cores`);
  console.log(`goal p99 ≤ 5 ms: ${percentile(times, 99) <= 5 ? 'met' : 'NOT met'}`);
}

main();
