// CAA: which certificate authorities may issue certificates for the domain. Looked up as RFC 8659 says, from the
// name up to its parent domains (the first name with CAA records governs), the top-level domain excluded.
import type { CheckFamily, CheckInfo } from './types';
import { finding, settle } from './types';

const CAA: CheckInfo = { check: 'dns.caa', title: 'Certificate authority authorization (CAA)', category: 'dns' };

export const caaChecks: CheckFamily = {
  name: 'CAA records',
  checks: [CAA],
  async run({ domain, dns }) {
    return [
      await settle(
        CAA,
        (async () => {
          const labels = domain.split('.');
          for (let start = 0; start < labels.length - 1; start++) {
            const name = labels.slice(start).join('.');
            const records = await dns.caa(name);
            if (!records.length) continue;
            const evidence = records.map((record) => {
              const [tag, value] = Object.entries(record).find(([key]) => key !== 'critical') ?? ['?', ''];
              return `${name} CAA ${record.critical} ${tag} "${String(value)}"`;
            });
            const issuers = records.some((record) => 'issue' in record || 'issuewild' in record);
            if (issuers) return finding(CAA, 'pass', 'info', evidence, '');
            return finding(CAA, 'warning', 'low', evidence, 'The CAA records name no issuer (issue or issuewild tag): add one for the authority you use.');
          }
          return finding(CAA, 'warning', 'low', [`no CAA record at ${domain} or its parent domains`], 'Publish CAA records naming the certificate authorities you use (e.g. 0 issue "letsencrypt.org"), so that no other authority may issue certificates for the domain.');
        })(),
      ),
    ];
  },
};
