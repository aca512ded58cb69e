// Starts the research fixture (DNS server, fixture company sites on 127.0.0.1, a CA made for this run) and prints
// the settings that point a scan or a server at it; runs until Ctrl-C. Nothing leaves the machine.
//   npm run research:fixture
import { startResearchFixture } from '../tests/fakes/research/fixture';

const fixture = await startResearchFixture();
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
  'Ctrl-C stops it.',
];
process.stdout.write(`${lines.join('\n')}\n`);

const stop = async () => {
  await fixture.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
