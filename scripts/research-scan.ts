// Runs the passive scan (cysmo) of one domain with the server's settings (OUTBOUND_ALLOW_HOSTS,
// RESEARCH_DNS_SERVERS, RESEARCH_EXTRA_CA_FILE) and prints the findings as JSON.
//   npm run --silent research:scan -- example.com [--https-port 443] [--http-port 80] [--timeout-ms 15000]
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { createResearchNetwork, runPassiveScan } from '../server/research';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'https-port': { type: 'string' }, 'http-port': { type: 'string' }, 'timeout-ms': { type: 'string' } },
});
const domain = positionals[0];
if (!domain) {
  process.stderr.write('usage: npm run --silent research:scan -- <domain> [--https-port N] [--http-port N] [--timeout-ms N]\n');
  process.exit(2);
}
const number = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (Number.isInteger(parsed) && parsed > 0) return parsed;
  process.stderr.write(`not a positive whole number: ${value}\n`);
  process.exit(2);
};
const network = createResearchNetwork(loadConfig());
try {
  const result = await runPassiveScan(domain, {
    dns: network.dns,
    outbound: network.outbound,
    ports: { ...(values['https-port'] ? { https: number(values['https-port']) } : {}), ...(values['http-port'] ? { http: number(values['http-port']) } : {}) },
    ...(values['timeout-ms'] ? { checkTimeoutMs: number(values['timeout-ms']) } : {}),
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  await network.close();
}
