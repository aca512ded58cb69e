import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const testdata = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'pipeline', 'detection', 'testdata');

/** A probe file's number: probe 1 is `untuned-probe-prompts.jsonl`, the rest `untuned-probe-<n>-prompts.jsonl`. */
const probeNumber = (file: string) => Number(/^untuned-probe-(\d+)-prompts\.jsonl$/.exec(file)?.[1] ?? 1);

/**
 * The prompt files written for this repo, in the order `npm run eval` reports them: the held-out file, the everyday
 * prompts (benign only: requests, pasted documents and defenders' questions with the guard's words in harmless use),
 * then every untuned probe in the order it was written (see the detection README). A new probe is picked up by its name.
 */
export const REPO_PROMPT_FILES: readonly string[] = [
  'heldout-prompts.jsonl',
  'everyday-prompts.jsonl',
  ...readdirSync(testdata)
    .filter((file) => /^untuned-probe(?:-\d+)?-prompts\.jsonl$/.test(file))
    .sort((a, b) => probeNumber(a) - probeNumber(b)),
].map((file) => join(testdata, file));
