// Starts the research fixture (DNS server, fixture company sites on 127.0.0.1, a CA made for this run) and prints
// the settings that point a scan or a server at it; runs until Ctrl-C. Nothing leaves the machine.
//   npm run research:fixture
// For the browser tests (playwright.config.ts) the settings must be known before the server starts: then
// RESEARCH_FIXTURE_DIR (the CA file's folder), RESEARCH_FIXTURE_DNS_PORT and RESEARCH_FIXTURE_STATUS_PORT (an HTTP
// answer on 127.0.0.1 with the settings and each site's ports, as JSON: the test reads the Site Links there) are given.
// Started by a parent process with an IPC channel (the research bench), it sends that status to the parent instead.
// RESEARCH_FIXTURE_PAGE_KB pads the good company's pages to the size of real sites' pages.
import http from 'node:http';
import { startResearchFixture } from '../tests/fakes/research/fixture';

const fixture = await startResearchFixture({
  ...(process.env.RESEARCH_FIXTURE_DIR ? { dir: process.env.RESEARCH_FIXTURE_DIR } : {}),
  ...(process.env.RESEARCH_FIXTURE_DNS_PORT ? { dnsPort: Number(process.env.RESEARCH_FIXTURE_DNS_PORT) } : {}),
  ...(process.env.RESEARCH_FIXTURE_PAGE_KB ? { pagePaddingKb: Number(process.env.RESEARCH_FIXTURE_PAGE_KB) } : {}),
});
const status = JSON.stringify({ env: fixture.env, sites: Object.fromEntries(Object.entries(fixture.sites).map(([name, site]) => [name, site.ports])) });
const statusServer = process.env.RESEARCH_FIXTURE_STATUS_PORT
  ? http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(status)).listen(Number(process.env.RESEARCH_FIXTURE_STATUS_PORT), '127.0.0.1')
  : null;
if (process.send) process.send(JSON.parse(status));
const env = Object.entries(fixture.env)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');
const lines = [
  'Research fixture running. Settings:',
  `  ${env}`,
  '',
  'Sample scans (each site has its own ports; production scans 443 and 80):',
  ...Object.entries(fixture.sites).map(([name, site]) => `  ${env} npm run --silent research:scan -- ${name}.example.test --https-port ${site.ports.https} --http-port ${site.ports.http}`),
  `  ${env} npm run --silent research:scan -- unreachable.example.test --https-port ${fixture.closedPorts.https} --http-port ${fixture.closedPorts.http}`,
  `  ${env} npm run --silent research:scan -- private.example.test`,
  '',
  'A sample research in the console (a sample: these companies are fixtures, not real ones): start the server with the',
  'settings above, switch on the Vora dashboard in System Settings, then search one of these Site Links',
  '(the HTTP-to-HTTPS check looks at port 80 and is "not applicable" here):',
  ...(['good', 'weak', 'injected'] as const).map((name) => `  https://${name}.example.test:${fixture.sites[name].ports.https}`),
  '',
  'Ctrl-C stops it.',
];
process.stdout.write(`${lines.join('\n')}\n`);

const stop = async () => {
  statusServer?.close();
  await fixture.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
