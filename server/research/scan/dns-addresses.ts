// The domain's addresses (A and AAAA), and whether the guard lets research reach them: a public company domain that
// resolves to a private, loopback or metadata address is reported, and no check connects to it.
import { describeFailure } from './failure';
import type { CheckFamily, CheckInfo } from './types';
import { finding, notApplicable, settle } from './types';

const ADDRESSES: CheckInfo = { check: 'dns.addresses', title: 'Addresses of the site (A and AAAA)', category: 'dns' };

export const addressChecks: CheckFamily = {
  name: 'addresses',
  checks: [ADDRESSES],
  async run({ host, dns, outbound }) {
    return [
      await settle(
        ADDRESSES,
        (async () => {
          let addresses;
          try {
            addresses = await dns.addresses(host);
          } catch (error) {
            return notApplicable(ADDRESSES, `${host}: ${describeFailure(error)}`, 'Check that the domain is spelled right and is registered.');
          }
          const evidence = addresses.map(({ address, family }) => `${family === 6 ? 'AAAA' : 'A'} ${address}`);
          try {
            await outbound.guard.check(new URL(`https://${host}/`));
          } catch (error) {
            return finding(ADDRESSES, 'warning', 'medium', [...evidence, describeFailure(error)], 'A public domain should resolve to public addresses only; a private address in public DNS tells outsiders about the internal network. No check connected to it.');
          }
          return finding(ADDRESSES, 'pass', 'info', evidence, '');
        })(),
      ),
    ];
  },
};
