// Claims and profile fields read by the organization's model (through the governance pipeline, research-job.ts), on
// top of the patterns (claims.ts, risk-profile.ts), which stay the offline baseline. The model is asked for JSON whose
// every item quotes its source; an item is taken only when its quote is found word for word (spacing aside) in the
// source it cites, and a profile value only when it is written in that quote — the model never adds a fact the
// documents do not state. Anything else (not JSON, an unknown topic or source, an invented quote) is refused and counted.
import { z } from 'zod';
import type { Claim, ProfileAttribute, ResearchDocument } from '../../../domain/schemas/research-search';
import { CLAIM_PATTERNS } from './claims';
import { INJECTION_PLACEHOLDER } from './documents';
import { naicsTitle, NAICS_EDITION } from './naics';
import { revenueDollars } from './risk-profile';

/** Text of each document given to the model, and of all together (characters). */
const MAX_SOURCE_CHARS = 8_000;
const MAX_SOURCES_CHARS = 32_000;
const MAX_CLAIMS_PER_TOPIC = 3;
const MAX_QUOTE_CHARS = 300;
export const MODEL_PROFILE_FIELDS = ['Location', 'Employees', 'Revenue', 'NAICS'] as const;
type ModelProfileField = (typeof MODEL_PROFILE_FIELDS)[number];

export const EXTRACTION_SYSTEM =
  "You read a company's own web pages and documents for a cyber insurance underwriter. Answer with one JSON object and nothing else. Every item quotes, word for word, one sentence of the source it cites. Never infer, never complete, never invent: leave out what the sources do not state.";

export interface ExtractionSource {
  id: string;
  document: ResearchDocument;
  text: string;
}

/** The documents as numbered sources (S1, S2, …) within the size bounds, for the model and for checking its quotes. */
export function extractionSources(documents: readonly ResearchDocument[]): ExtractionSource[] {
  const sources: ExtractionSource[] = [];
  let left = MAX_SOURCES_CHARS;
  for (const document of documents) {
    if (left <= 0) break;
    const text = document.Text.slice(0, Math.min(MAX_SOURCE_CHARS, left));
    if (!text.trim()) continue;
    left -= text.length;
    sources.push({ id: `S${sources.length + 1}`, document, text });
  }
  return sources;
}

export const sourceName = (source: ExtractionSource) => `${source.id} — ${source.document.Source}`;

export function extractionQuestion(company: string): string {
  const topics = CLAIM_PATTERNS.map((pattern) => `"${pattern.topic}" (${pattern.label})`).join(', ');
  return [
    `From the documents given (each named "S<number> — <where it comes from>"), about ${company}, answer with this JSON object:`,
    `"claims": the security and compliance statements the company makes about itself, a list of {"topic", "quote", "source"}; topic is one of ${topics}; quote is the sentence that says it, copied exactly; source is the S-number of the document it is in.`,
    '"profile": the company\'s own statements of its "Location" (headquarters), "Employees" (head count), "Revenue" (annual revenue, e.g. "$12 million") and "NAICS" (a NAICS code it states), each {"value", "quote", "source"} where value is written in the quote as it is; leave out what no document states.',
  ].join('\n');
}

const ItemSchema = z.object({ quote: z.string().min(8).max(1_000), source: z.string().max(10) });
const ClaimItemSchema = ItemSchema.extend({ topic: z.string().max(60) });
const ProfileItemSchema = ItemSchema.extend({ value: z.union([z.string().min(1).max(200), z.number()]).transform(String) });
const AnswerSchema = z.object({ claims: z.array(z.unknown()).max(200).optional(), profile: z.record(z.string(), z.unknown()).optional() });

export interface ModelFindings {
  claims: Claim[];
  profile: ProfileAttribute[];
  accepted: number;
  rejected: number;
  /** Why the answer gave nothing, or why some items were refused. */
  note: string | null;
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The answer as JSON: the whole reply, or the one fenced block it is; anything else is not JSON. */
function parseAnswer(answer: string): unknown {
  const trimmed = answer.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  try {
    return JSON.parse(fenced ? fenced[1]! : trimmed) as unknown;
  } catch {
    return undefined;
  }
}

const sourceLabel = (document: ResearchDocument) => (document.Kind === 'upload' ? `uploaded document ${document.Source}` : `page text on ${document.Source}`);

/** Reads the model's answer: only items whose quote is in the cited source (and whose value is in the quote) are kept. */
export function readModelFindings(answer: string, sources: readonly ExtractionSource[], modelName: string): ModelFindings {
  const parsed = AnswerSchema.safeParse(parseAnswer(answer));
  if (!parsed.success) return { claims: [], profile: [], accepted: 0, rejected: 0, note: 'The model did not answer with the JSON asked for: nothing was taken from it.' };
  const byId = new Map(sources.map((source) => [source.id, { source, text: normalize(source.text) }]));
  const labels = new Map(CLAIM_PATTERNS.map((pattern) => [pattern.topic, pattern.label]));
  let rejected = 0;
  const reasons = new Set<string>();
  const refuse = (reason: string) => {
    rejected++;
    reasons.add(reason);
    return null;
  };
  /** The cited source and the quote as found in it, or null (counted) when it is not there word for word. */
  const locate = (item: { quote: string; source: string }) => {
    const cited = byId.get(item.source.trim());
    if (!cited) return refuse('a source that was not given');
    const quote = normalize(item.quote);
    if (quote.includes(INJECTION_PLACEHOLDER) || !cited.text.includes(quote)) return refuse('a quote not found word for word in its source');
    return { document: cited.source.document, quote };
  };

  const claims: Claim[] = [];
  for (const raw of parsed.data.claims ?? []) {
    const item = ClaimItemSchema.safeParse(raw);
    if (!item.success) {
      refuse('a malformed item');
      continue;
    }
    const label = labels.get(item.data.topic.trim());
    if (!label) {
      refuse('an unknown topic');
      continue;
    }
    const found = locate(item.data);
    if (!found) continue;
    const quote = found.quote.length > MAX_QUOTE_CHARS ? `${found.quote.slice(0, MAX_QUOTE_CHARS - 1)}…` : found.quote;
    claims.push({ Topic: item.data.topic.trim(), Label: label, Quote: quote, Source: found.document.Source, ExtractedBy: 'model' });
  }

  const profile: ProfileAttribute[] = [];
  for (const field of MODEL_PROFILE_FIELDS) {
    const raw = parsed.data.profile?.[field];
    if (raw === undefined || raw === null) continue;
    const item = ProfileItemSchema.safeParse(raw);
    if (!item.success) {
      refuse('a malformed item');
      continue;
    }
    const found = locate(item.data);
    if (!found) continue;
    const value = normalize(item.data.value);
    if (!found.quote.includes(value)) {
      refuse('a value not written in its quote');
      continue;
    }
    const attribute = profileValue(field, value);
    if (!attribute) {
      refuse(field === 'NAICS' ? `a NAICS code not in the ${NAICS_EDITION} list` : `a ${field.toLowerCase()} that is not a figure`);
      continue;
    }
    profile.push({ Attribute: field, Value: attribute.value, Source: `The model's extraction (${modelName}) from ${sourceLabel(found.document)}`, Confidence: 'low', Detail: attribute.detail ?? `“${found.quote}”` });
  }
  const accepted = claims.length + profile.length;
  const note = rejected ? `Refused ${rejected} item(s) of the model's answer: ${[...reasons].join('; ')}.` : accepted ? null : 'The model found nothing the sources state.';
  return { claims, profile, accepted, rejected, note };
}

/** The stored value of a profile field as the model gave it, or null when it is not what the field holds. */
function profileValue(field: ModelProfileField, value: string): { value: string; detail?: string } | null {
  if (field === 'Location') return /[A-Za-z]/.test(value) ? { value } : null;
  if (field === 'Employees') return /^\d[\d,]*\+?$/.test(value) ? { value: value.replace(/[,+]/g, '') } : null;
  if (field === 'NAICS') {
    const title = /^\d{2,6}$/.test(value) ? naicsTitle(value) : null;
    return title ? { value, detail: `${title} (${NAICS_EDITION})` } : null;
  }
  const money = /\$ ?(\d[\d,.]*) ?(thousand|million|billion|bn|mm|[kmb])?\b/i.exec(value);
  const dollars = money ? revenueDollars(money[1]!, money[2]) : null;
  return dollars !== null ? { value: String(dollars) } : null;
}

/** The patterns' claims, then the model's that say something new (no same topic with an overlapping quote), within the per-topic bound. */
export function mergeClaims(patterns: readonly Claim[], model: readonly Claim[]): Claim[] {
  const merged = [...patterns];
  for (const claim of model) {
    const quote = claim.Quote.toLowerCase();
    const sameTopic = merged.filter((existing) => existing.Topic === claim.Topic);
    if (sameTopic.length >= MAX_CLAIMS_PER_TOPIC) continue;
    if (sameTopic.some((existing) => existing.Quote.toLowerCase().includes(quote.replace(/…$/, '')) || quote.includes(existing.Quote.toLowerCase().replace(/…$/, '')))) continue;
    merged.push(claim);
  }
  return merged;
}

/** The profile with the fields the patterns and JSON-LD left empty filled by the model's extraction. */
export function mergeProfile(base: readonly ProfileAttribute[], model: readonly ProfileAttribute[]): ProfileAttribute[] {
  return base.map((attribute) => (attribute.Value === null ? (model.find((found) => found.Attribute === attribute.Attribute) ?? attribute) : attribute));
}
