// Reads JSON lines {"text": "..."} on stdin and writes one scan result per line, in order, on stdout.
//   npm run --silent scan < in.jsonl > out.jsonl
import { createInterface } from 'node:readline';
import { scan } from '../server/pipeline/detection/index';

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let lineNumber = 0;
for await (const line of lines) {
  lineNumber++;
  if (line.trim() === '') continue;
  let text: unknown;
  try {
    text = (JSON.parse(line) as { text?: unknown }).text;
  } catch {
    text = undefined;
  }
  if (typeof text !== 'string') {
    process.stderr.write(`line ${lineNumber}: expected {"text": string}\n`);
    process.exitCode = 1;
    text = '';
  }
  const ok = process.stdout.write(`${JSON.stringify(scan(text as string))}\n`);
  if (!ok) await new Promise((resolve) => process.stdout.once('drain', resolve));
}
