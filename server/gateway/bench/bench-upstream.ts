// The fake upstream as its own process for `npm run bench:gateway`: the direct calls and the gateway's calls reach the
// same server, and neither the load generator nor the console shares its event loop. Prints its URL, stops on SIGTERM.
import { startFakeLlmUpstream } from '../../../tests/fakes/fake-llm-upstream';

const RESET_EVERY_MS = 1000;

async function main(): Promise<void> {
  const upstream = await startFakeLlmUpstream();
  // The fake keeps every request for tests to assert on; a bench only needs the answers.
  const trim = setInterval(() => upstream.reset(), RESET_EVERY_MS);
  process.stdout.write(`${JSON.stringify({ url: upstream.url })}\n`);
  process.once('SIGTERM', () => {
    clearInterval(trim);
    void upstream.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error('bench upstream failed:', error);
  process.exit(1);
});
