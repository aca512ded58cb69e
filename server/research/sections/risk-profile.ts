// The riskProfile section: Location, NAICS, Website, Employees, Revenue (§3.4), each with where it came from and how
// sure that source is. Sources, best first: schema.org JSON-LD of the company's pages (the company's own structured
// statement), the search's input, statements in page text matched by pattern. Nothing is filled in without a source.
import type { ProfileAttribute, ResearchDocument } from '../../../domain/schemas/research-search';
import { naicsTitle, NAICS_EDITION } from './naics';

export interface ProfileInput {
  siteLink: string;
  location: string;
  documents: readonly ResearchDocument[];
  jsonLd: readonly { source: string; value: unknown }[];
}

const ORGANIZATION_TYPES = /^(Organization|Corporation|LocalBusiness|OnlineBusiness|Company|NGO|EducationalOrganization|MedicalOrganization|[A-Za-z]*Business|[A-Za-z]*Store)$/;

type Entry = Record<string, unknown>;

function organizations(jsonLd: ProfileInput['jsonLd']): { source: string; value: Entry }[] {
  return jsonLd.filter((item): item is { source: string; value: Entry } => {
    const value = item.value as Entry | null;
    if (!value || typeof value !== 'object') return false;
    const types = ([] as unknown[]).concat(value['@type'] ?? []);
    return types.some((type) => typeof type === 'string' && ORGANIZATION_TYPES.test(type));
  });
}

const attribute = (Attribute: ProfileAttribute['Attribute'], Value: string | null, Source: string | null, Confidence: ProfileAttribute['Confidence'], Detail: string | null = null): ProfileAttribute => ({ Attribute, Value, Source, Confidence, Detail });
const none = (name: ProfileAttribute['Attribute'], why: string) => attribute(name, null, null, null, why);

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function addressText(address: unknown): string | null {
  if (typeof address === 'string') return address.trim() || null;
  if (!address || typeof address !== 'object') return null;
  const entry = address as Entry;
  const country = entry.addressCountry && typeof entry.addressCountry === 'object' ? (entry.addressCountry as Entry).name : entry.addressCountry;
  const parts = [entry.addressLocality, entry.addressRegion, country].map(textOf).filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

function employeesOf(value: unknown): string | null {
  if (value && typeof value === 'object') {
    const entry = value as Entry;
    const exact = textOf(entry.value);
    if (exact) return exact;
    const low = textOf(entry.minValue);
    const high = textOf(entry.maxValue);
    return low && high ? `${low}–${high}` : (low ? `${low}+` : high);
  }
  return textOf(value);
}

const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };
const REVENUE = /\b(?:annual )?(?:revenue|revenues|sales|turnover) (?:of|was|is|reached|exceeded|exceeds|over|above|topped)? ?(?:approximately |about |over |more than )?(?:US)?\$ ?([\d][\d,.]*) ?(thousand|million|billion|bn|mm|[kmb])?\b/i;
const EMPLOYEES = /\b([\d][\d,]{0,9})\+? (?:employees|staff|people|team members|professionals)\b/i;
const HEADQUARTERS = /\b(?:headquartered|based|located) in ([A-Z][A-Za-z.'-]+(?:[ ,]+[A-Z][A-Za-z.'-]+){0,4})/;
const NAICS_IN_TEXT = /\bNAICS(?: code)?:? ?(\d{2,6})\b/i;

/** A revenue in dollars from a match: "$12.5 million" → 12500000. */
export function revenueDollars(amount: string, unit: string | undefined): number | null {
  const number = Number(amount.replace(/,/g, ''));
  if (!Number.isFinite(number)) return null;
  return Math.round(number * (unit ? (SCALE[unit.toLowerCase()] ?? 1) : 1));
}

/** The first document whose text matches, with where it was said: a page's text or an uploaded document (by name). */
function firstMatch(documents: ProfileInput['documents'], pattern: RegExp): { match: RegExpExecArray; source: string } | null {
  for (const document of documents) {
    const match = pattern.exec(document.Text);
    if (match) return { match, source: document.Kind === 'upload' ? `Uploaded document ${document.Source}` : `Page text on ${document.Source}` };
  }
  return null;
}

export function buildRiskProfile(input: ProfileInput): ProfileAttribute[] {
  const orgs = organizations(input.jsonLd);
  const fromLd = <T>(read: (value: Entry) => T | null): { value: T; source: string } | null => {
    for (const org of orgs) {
      const value = read(org.value);
      if (value !== null && value !== undefined && value !== '') return { value, source: org.source };
    }
    return null;
  };

  const website = input.siteLink
    ? attribute('Website', input.siteLink, 'Search input', 'high')
    : (() => {
        const url = fromLd((org) => textOf(org.url));
        return url ? attribute('Website', url.value, `schema.org JSON-LD on ${url.source}`, 'medium') : none('Website', 'No site link was given and none was found.');
      })();

  const ldLocation = fromLd((org) => addressText(org.address) ?? addressText(org.location));
  const textLocation = firstMatch(input.documents, HEADQUARTERS);
  const location = ldLocation
    ? attribute('Location', ldLocation.value, `schema.org JSON-LD on ${ldLocation.source}`, 'high', input.location ? `Search input: ${input.location}` : null)
    : input.location
      ? attribute('Location', input.location, 'Search input', 'medium')
      : textLocation
        ? attribute('Location', textLocation.match[1]!.replace(/[ ,]+$/, ''), textLocation.source, 'low', textLocation.match[0])
        : none('Location', 'No address on the pages read and no location given.');

  const ldEmployees = fromLd((org) => employeesOf(org.numberOfEmployees));
  const textEmployees = firstMatch(input.documents, EMPLOYEES);
  const employees = ldEmployees
    ? attribute('Employees', ldEmployees.value, `schema.org JSON-LD on ${ldEmployees.source}`, 'high')
    : textEmployees
      ? attribute('Employees', textEmployees.match[1]!.replace(/,/g, ''), textEmployees.source, 'low', textEmployees.match[0])
      : none('Employees', 'No head count on the pages read.');

  const textRevenue = firstMatch(input.documents, REVENUE);
  const dollars = textRevenue ? revenueDollars(textRevenue.match[1]!, textRevenue.match[2]) : null;
  const revenue = textRevenue && dollars !== null
    ? attribute('Revenue', String(dollars), textRevenue.source, 'low', textRevenue.match[0])
    : none('Revenue', 'No revenue figure on the pages read.');

  const ldNaics = fromLd((org) => textOf(org.naics));
  const textNaics = firstMatch(input.documents, NAICS_IN_TEXT);
  const candidates = [
    ...(ldNaics ? [{ code: ldNaics.value, source: `schema.org JSON-LD on ${ldNaics.source}`, confidence: 'high' as const }] : []),
    ...(textNaics ? [{ code: textNaics.match[1]!, source: textNaics.source, confidence: 'medium' as const }] : []),
  ];
  const known = candidates.find((candidate) => naicsTitle(candidate.code) !== null);
  const naics = known
    ? attribute('NAICS', known.code, known.source, known.confidence, `${naicsTitle(known.code)} (${NAICS_EDITION})`)
    : none('NAICS', candidates.length ? `The code given (${candidates.map((c) => c.code).join(', ')}) is not in the ${NAICS_EDITION} list.` : 'No NAICS code stated by the company.');

  return [location, naics, website, employees, revenue];
}
