// Reads JSON lines {"text": "..."} on stdin and writes one scan result per line, in order, on stdout.
//   npm run --silent scan < in.jsonl > out.jsonl
// A line may add "source": "data" to have the text read as the console reads a retrieved chunk, a document or a tool
// result (untrusted data, looked at for instructions planted for the assistant) instead of as a user's prompt.
import { createInterface } from 'node:readline';
import { scan } from '../server/pipeline/detection/index';

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let lineNumber = 0;
for await (const line of lines) {
  lineNumber++;
  if (line.trim() === '') continue;
  let text: unknown;
  let source: unknown;
  try {
    ({ text, source } = JSON.parse(line) as { text?: unknown; source?: unknown });
  } catch {
    text = undefined;
  }
  if (source !== undefined && source !== 'prompt' && source !== 'data') {
    process.stderr.write(`line ${lineNumber}: "source" must be "prompt" or "data"\n`);
    process.exitCode = 1;
    source = 'prompt';
  }
  if (typeof text !== 'string') {
    process.stderr.write(`line ${lineNumber}: expected {"text": string}\n`);
    process.exitCode = 1;
    text = '';
  }
  const ok = process.stdout.write(`${JSON.stringify(scan(text as string, source === 'data' ? 'data' : 'prompt'))}\n`);
  if (!ok) await new Promise((resolve) => process.stdout.once('drain', resolve));
}
