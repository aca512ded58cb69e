import { PROMPT_ATTACK_DEFAULT_THRESHOLD } from '../../../../domain/schemas/policies';
import type { PromptAttackResult } from '../types';
import type { Cue, FramingKind } from './harm-signals';
import { FRAMING, HARM_TOPICS, SENSITIVE, SEVERE_HARM } from './harm-signals';
import {
  atbash,
  caesarShiftOf,
  decodeBase64Runs,
  decodeByteRuns,
  decodeColourRuns,
  decodeLetterNumberRuns,
  decodeMorseRuns,
  decodeNatoRuns,
  decodeOctalRuns,
  decodePolybiusRuns,
  decodePercentRuns,
  NATO_LETTERS,
  fromBraille,
  fromPigLatin,
  fromUpsideDown,
  hasSpacedLetters,
  joinedPieces,
  keyboardShiftedBack,
  latinFromCyrillic,
  looksLikePigLatin,
  normalize,
  reversed,
  rot13,
  rot47,
  shiftedBack,
  unleet,
  unquotePrintable,
  unspace,
  wordsReversed,
} from './normalize';
import { respelled } from './typos';
import { MAX_SPLIT_WORDS_TEXT, MAY_HOLD_CAMEL_ORDER, MAY_HOLD_JOINED_ORDER, SHORTHAND, SPLIT_WORD, WordTables, everyOtherLetter, fromUbbiDubbi, splitCamelOrders, splitJoinedOrders, unescapeCharacters } from './word-variants';
import { adversarialSuffix } from './adversarial-suffix';
import { DATA_SIGNALS } from './data-signals';
import { OUTPUT_HIJACK_SIGNALS } from './output-hijack-signals';
import { OVERRIDE_LEXICON_SIGNALS } from './override-lexicon';
import { OVERRIDE_SIGNALS } from './override-signals';
import { PASTED_DOCUMENT_LABEL, pastedDocument } from './pasted-document';
import { PERSONA_SIGNALS } from './persona-signals';
import { SECRET_SIGNALS } from './secret-signals';
import { classifierProbability } from './classifier';
import type { LoadedModel } from './linear-model';
import { foldCharacters } from '../fold';
import { walkWords } from './features';
import type { WordsView } from './features';
import type { Signal } from './signal';
import { TriggerVocabulary, firesAny } from './triggers';
import type { FoundTriggers } from './triggers';

export const ATTACK_THRESHOLD = PROMPT_ATTACK_DEFAULT_THRESHOLD;
/** Classifier probability from which it counts at all, and from which it flags a prompt on its own. */
export const CLASSIFIER_FLOOR = 0.5;
export const CLASSIFIER_ALONE = 0.9;
/**
 * In untrusted data the classifier flags alone only from this probability: it learned from prompts, and ordinary
 * documents read as prompts score high (p ≥ 0.9 on 27 of 100 plain e-mails of the BIPIA corpus, 0 of them from 0.99).
 */
export const CLASSIFIER_ALONE_IN_DATA = 0.99;
/**
 * A prompt laid out as a document (STRUCTURED_MIN_CHARS or more, with STRUCTURED_MIN_LINES lines of headings, bold
 * labels, list items, rules or JSON keys: an engineered system prompt, a skill file, an image-generation spec) is read by
 * the classifier as data is: it learned from prompts of a few sentences, and such documents score high (p ≥ 0.9 on
 * many pasted agent and role prompts) while the jailbreaks of the corpus are prose. Rule signals count as before.
 */
export const STRUCTURED_MIN_CHARS = 600;
export const STRUCTURED_MIN_LINES = 4;
/**
 * A prompt that opens by casting the assistant in a role ("Act as a travel planner …", "I want you to act as a synonyms
 * provider", "Agissez en tant qu'expert …") is read by the classifier as a document is, for the same reason: the
 * jailbreaks it learned from cast roles too, and ordinary role prompts score high (p ≥ 0.9 on a fifth of a public
 * collection of them). Rule signals count as before, DAN-style personas and "no restrictions" included.
 */
const ROLE_OPENING = /^\W{0,20}(?:(?:i want you to|i'd like you to|please) )?(?:act as|act like|pretend to be|play the role of|take on the role of|you will act as|agis(?:sez)? (?:en tant que|comme)|act[uú]a como|atue como|aja como|du bist|sei ein|agisci come|role:|роль:|扮演)/;
const STRUCTURE_LINE = /^[ \t]*(?:#{1,4} \S|\*\*[^*\n]{2,60}\*\*|[-*•] \S|\d{1,2}[.)] \S|-{3,}[ \t]*$|={3,}[ \t]*$|"[\w -]{1,40}": )/gm;

/**
 * Who wrote the text: `prompt`, the user (the prompt guard, the policies over the prompt); `data`, nobody we know —
 * a retrieved chunk, a document, a tool result, a fetched page, read for instructions planted in it.
 */
export type TextSource = 'prompt' | 'data';
/** A prompt ending in an optimised suffix is flagged on that alone (adversarial-suffix.ts). */
const ADVERSARIAL_SUFFIX_WEIGHT = 0.5;

interface Hit {
  family: string;
  weight: number;
  evidence: string;
  /** A harmful topic asked plainly (no framing, disclaimer or evasion): harmful_request's business, not an attack's. */
  plainHarm?: boolean;
}

const ATTACK_RULES: readonly Signal[] = [...OVERRIDE_SIGNALS, ...OVERRIDE_LEXICON_SIGNALS, ...OUTPUT_HIJACK_SIGNALS, ...PERSONA_SIGNALS, ...SECRET_SIGNALS];
/** Every signal: the prompt's, and those read in untrusted data only. */
const ALL_SIGNALS: readonly Signal[] = [...ATTACK_RULES, ...DATA_SIGNALS];
/** The NATO code words the trigger look-up can find ("x-ray" is two words to it). */
const NATO_CODE_WORDS = Object.keys(NATO_LETTERS).filter((word) => !word.includes('-'));
/** Distinct code words in a text before its NATO-spelled runs are looked for: "hotel", "echo" and "delta" are words too. */
const NATO_MIN_CODE_WORDS = 4;
const ALWAYS_CHECKED: readonly FramingKind[] = ['strongDisclaimer', 'disclaimer', 'evasion'];
const ROLE_PLAY: readonly FramingKind[] = ['persona', 'fiction'];
const REQUEST_SHAPE: readonly FramingKind[] = ['stepByStep', 'deliverable'];
const CUES: readonly Cue[] = [...HARM_TOPICS, SEVERE_HARM, SENSITIVE, ...Object.values(FRAMING)];
const VOCABULARY = new TriggerVocabulary([
  ...ALL_SIGNALS.flatMap((s) => s.triggers),
  ...CUES.flatMap((c) => c.triggers),
  'backwards', 'backward', 'reverse', 'reversed', 'caesar', 'latin', 'atbash', 'rot47', 'a1z26', 'letter', 'letters', 'number', 'numbers',
  'vowel', 'vowels', 'consonants', 'octal', 'polybius', 'ubbi', 'dubbi', 'other', 'keyboard', 'qwerty', 'shift', ...NATO_CODE_WORDS,
]);
/**
 * A signal as the loops read it: every field present and of one type, so that the property reads of `fires` stay
 * monomorphic (signals written with and without `maxChars`, `substrings`, `script` or `unless` are objects of a dozen
 * shapes), its trigger ids (marks to read, not strings to hash) and its family-and-weight key made once.
 */
class CompiledSignal {
  readonly family: string;
  readonly weight: number;
  readonly pattern: RegExp;
  readonly ids: Int32Array;
  /** Family and weight as one key: signalHits reports a family and weight once. */
  readonly key: string;
  readonly maxChars: number;
  readonly substrings: readonly string[] | null;
  readonly script: RegExp | null;
  readonly unless: RegExp | null;

  constructor(signal: Signal) {
    this.family = signal.family;
    this.weight = signal.weight;
    this.pattern = signal.pattern;
    this.ids = VOCABULARY.idsOf(signal.triggers);
    this.key = `${signal.family}|${signal.weight}`;
    this.maxChars = signal.maxChars ?? Infinity;
    this.substrings = signal.substrings?.length ? signal.substrings : null;
    this.script = signal.script ?? null;
    this.unless = signal.unless ?? null;
  }
}

const ATTACK_COMPILED: readonly CompiledSignal[] = ATTACK_RULES.map((signal) => new CompiledSignal(signal));
const DATA_COMPILED: readonly CompiledSignal[] = DATA_SIGNALS.map((signal) => new CompiledSignal(signal));

/**
 * Which signals a text's triggers can fire, found from the triggers instead of asking each signal (some 260 of them,
 * each with its list of trigger ids, read several times a text): for each trigger id the signals it belongs to, and the
 * signals that may fire without one (substrings, a script) always. The signals come back in list order, so that the
 * first signal of a family and weight still gives the evidence.
 */
class SignalIndex {
  private readonly byTrigger: (Int32Array | undefined)[];
  private readonly always: readonly number[];
  private readonly scratch: Uint8Array;

  constructor(readonly signals: readonly CompiledSignal[]) {
    const lists: number[][] = [];
    signals.forEach((signal, i) => {
      for (const id of signal.ids) (lists[id] ??= []).push(i);
    });
    this.byTrigger = Array.from({ length: VOCABULARY.size }, (_, id) => (lists[id] ? Int32Array.from(lists[id]) : undefined));
    this.always = signals.flatMap((signal, i) => (signal.substrings !== null || signal.script !== null ? [i] : []));
    this.scratch = new Uint8Array(signals.length);
  }

  /** The signals that `fires` may accept for a text with these triggers, in list order. */
  candidates(found: FoundTriggers): CompiledSignal[] {
    const picked: number[] = [];
    const scratch = this.scratch;
    for (const id of found.ids) {
      const list = this.byTrigger[id];
      if (list === undefined) continue;
      for (let k = 0; k < list.length; k++) {
        const i = list[k] as number;
        if (scratch[i] === 0) {
          scratch[i] = 1;
          picked.push(i);
        }
      }
    }
    for (const i of this.always) {
      if (scratch[i] === 0) {
        scratch[i] = 1;
        picked.push(i);
      }
    }
    for (const i of picked) scratch[i] = 0;
    if (picked.length > 1) picked.sort((a, b) => a - b);
    return picked.map((i) => this.signals[i] as CompiledSignal);
  }
}

const ATTACK_INDEX = new SignalIndex(ATTACK_COMPILED);
const DATA_INDEX = new SignalIndex(DATA_COMPILED);
// Trigger ids per cue (a signal's are in its CompiledSignal), so that "does one of its triggers occur?" reads marks.
const CUE_IDS = new Map<Cue, Int32Array>(CUES.map((c) => [c, VOCABULARY.idsOf(c.triggers)]));
const NATO_IDS = VOCABULARY.idsOf(NATO_CODE_WORDS);
/** A Caesar cipher not named ("shift each letter back by 3"). */
const LETTERS_SHIFTED = /\bshift (?:each |every |all |the )?(?:letters?|characters?)\b/;
const EVERY_OTHER = /\bevery (?:other|second) (?:letter|character)\b/;
/** The guard's trigger words, for the variants that read words back (split, shortened, blanked, without vowels). */
const WORD_TABLES = new WordTables(() => ALL_SIGNALS.flatMap((s) => s.triggers));
const PERSONA_NAME = /\b(?:DAN|DUDE|STAN|AIM|SDA)\b/;
// … and in the languages its translations use: "namens DAN", "conocido como DAN", "connu sous le nom de DAN".
const PERSONA_INTRO =
  /\b(?:stands for|as the name suggests|is an? (?:ai|chatbot|model)|named|known as|act (?:just )?like|pretend to be|role of|namens|bekannt als|steht für|conocido como|llamad[oa]|que significa|connu sous le nom de|nommée?|qui signifie|noto come|chiamat[oa]|che sta per|conhecido como|chamad[oa])\b|(?<![а-яё])(?:известн[а-яё]* как|по имени)(?![а-яё])/i;
const STRONG_OVERRIDE = 0.5;
const LEADING_PUNCTUATION = /^[\s.!?:;"“(]+/;
// Families whose presence makes decoding obfuscated variants pointless (an announcement of encoding is not one).
const STRONG_FAMILIES = new Set(ATTACK_RULES.filter((s) => s.weight >= STRONG_OVERRIDE && s.family !== 'obfuscation').map((s) => s.family));

/**
 * `model` replaces the shipped classifier weights (the leave-one-source-out evaluation passes its own); `source`
 * says who wrote the text (see TextSource).
 */
export function detectPromptAttack(original: string, model?: LoadedModel, source: TextSource = 'prompt'): PromptAttackResult {
  // Fullwidth letters, look-alikes, invisible and tag characters folded first (see ../fold.ts).
  const text = foldCharacters(original);
  const normalized = normalize(text);
  // One pass cuts the words for the trigger look-up and the classifier; read both before anything walks again.
  const words = walkWords(normalized);
  // Read now: the word buffers are reused by the next walk.
  const respelledText = respelled(normalized, words);
  let probability = classifierProbability(words, model);
  const found = VOCABULARY.lookup(normalized, words);
  const unquoted = unquotePrintable(text);
  // The classifier reads quoted-printable decoded: it learned no such escapes, and reads a run of them as an attack.
  if (unquoted !== undefined) probability = classifierProbability(walkWords(normalize(unquoted)), model);
  const hits = signalHits(source === 'prompt' ? withoutMentionedQuotes(normalized) : normalized, found);
  const dataSignals = DATA_INDEX.candidates(found);
  if (source === 'data') hits.push(...signalHits(normalized, found, dataSignals));
  // A document pasted into a prompt is untrusted data too: its planted instructions are read as a retrieved chunk's.
  else if (dataSignals.some((signal) => fires(signal, normalized, found))) {
    const pasted = pastedDocument(normalized);
    if (pasted !== undefined) hits.push(...signalHits(pasted, found, dataSignals).map((hit) => ({ ...hit, family: `${hit.family}${PASTED_DOCUMENT_LABEL}` })));
  }
  // A user's prompt only: documents hold code and markup, and a search for a suffix optimises what the user sends.
  const suffix = source === 'prompt' ? adversarialSuffix(text) : undefined;
  if (suffix !== undefined) hits.push({ family: 'adversarial suffix', weight: ADVERSARIAL_SUFFIX_WEIGHT, evidence: clip(suffix) });
  if (PERSONA_NAME.test(text) && PERSONA_INTRO.test(text)) {
    hits.push({ family: 'jailbreak persona', weight: 0.8, evidence: clip(PERSONA_NAME.exec(text)?.[0] ?? '') });
  }
  const harm = harmfulRequestHits(normalized, found);
  // A plain harmful question is no injection: its topic only adds to the attack score beside a rule's attack
  // evidence (the classifier, which saw harmful asks inside attack templates, is not enough).
  const ruleEvidence = hits.length > 0 || harm.some((h) => !h.plainHarm);
  hits.push(...harm.filter((h) => ruleEvidence || !h.plainHarm));
  const readAsData =
    source === 'data' || (probability >= CLASSIFIER_FLOOR && (ROLE_OPENING.test(normalized) || laidOutAsDocument(text) || buildersQuestion(normalized)));
  const classifierHit = learnedHit(probability, readAsData ? CLASSIFIER_ALONE_IN_DATA : CLASSIFIER_ALONE);
  if (classifierHit) hits.push(classifierHit);
  const alreadyOverride = hits.some((h) => h.weight >= STRONG_OVERRIDE && STRONG_FAMILIES.has(h.family));
  for (const { label, body, inBody, data } of obfuscatedVariants(text, normalized, respelledText, found, alreadyOverride, unquoted)) {
    for (const hit of [...signalHits(body, inBody), ...(data ? signalHits(body, inBody, DATA_INDEX.candidates(inBody)) : [])]) {
      if (hits.some((h) => h.family === hit.family)) continue;
      hits.push({ ...hit, family: `${hit.family} (${label})` });
    }
    hits.push({ family: 'obfuscation', weight: 0.35, evidence: label });
  }
  let miss = 1;
  for (const hit of hits) miss *= 1 - hit.weight;
  const score = round(Math.min(0.99, 1 - miss));
  // Two signals of one family matching the same words are one reason to whoever reads why a prompt was flagged.
  const reasons = [...new Set(hits.sort((a, b) => b.weight - a.weight).map((h) => `${h.family}: '${h.evidence}'`))];
  return { malicious: score >= ATTACK_THRESHOLD, score, reasons };
}

/**
 * A quoted phrase talked about rather than said: a title ('the paper "Ignore Previous Prompt: Attack Techniques …"') or
 * an example named as one ('"Ignore all previous instructions" is a famous prompt injection phrase') — a defender's
 * question. Blanked for the rules (the classifier reads the text as it is), unless the text asks for it to be carried out.
 * The quote mark first: a pattern opening on its look-behind was tried at every position (13 µs a prompt).
 */
const MENTIONED_QUOTE =
  /"(?:(?<=\b(?:paper|article|book|talk|study|blog post|video|thesis|lecture|course)(?: (?:titled|called|named|entitled))? ?")[^"\n]{1,120}"|[^"\n]{1,120}"(?= (?:is|was|are|were) (?:a|an|the|one of the) (?:[a-z-]+ ){0,3}(?:phrases?|attacks?|injections?|jailbreaks?|examples?|techniques?|payloads?)\b))/g;
const CARRY_IT_OUT = /\b(?:do|follow|obey|execute|apply|run|try) (?:it|that|this|them)\b|\bact on it\b|\bnow (?:do|say|follow|obey)\b/;

function withoutMentionedQuotes(normalized: string): string {
  if (!normalized.includes('"')) return normalized;
  const blanked = normalized.replace(MENTIONED_QUOTE, (quote) => `"${' '.repeat(quote.length - 2)}"`);
  return blanked === normalized || CARRY_IT_OUT.test(normalized) ? normalized : blanked;
}

/** The harmful-topic signals of a prompt (whatever their framing), for the harmful-request detector (harmful.ts). */
export function harmTopicHits(normalized: string, words: WordsView): { family: string; weight: number; evidence: string }[] {
  const found = VOCABULARY.lookup(normalized, words);
  return harmfulRequestHits(normalized, found)
    .filter((h) => h.family.startsWith('harmful request') || h.family === 'severe harm request')
    .map(({ family, weight, evidence }) => ({ family, weight, evidence }));
}

/**
 * A question by someone building on a model ("How do I make Claude follow the system prompt more strictly?", "Is it safe
 * to put API keys in the system prompt?", "Can you review my system prompt …"): the classifier, which learned the words
 * of system prompts from attacks, reads them as one; alone, it must be as sure as for a document. A rule still counts.
 */
const BUILDERS_OPENING =
  /(?:^|[.!?:]\s+)(?:how (?:do|can|should|would|could) (?:i|we)|why (?:does|do|is|are|did) (?:my|our)|what(?:'s| is) the best way to|is it (?:safe|ok|okay|possible|a good idea|wise) to|(?:can|could) you (?:review|improve|check|critique|proofread) (?:my|our)|(?:please )?(?:write|draft) (?:a|an) (?:system prompt|system message|prompt)\b)/;
const BUILDERS_TOPIC =
  /\b(?:system prompt|system message|(?:my|our|this) (?:chatbot|bot|model|gpt|assistant|agent|app|copilot)|api|sdk|langchain|llamaindex|openai|anthropic|claude|gpt-?\d|llm)\b/;
const buildersQuestion = (normalized: string): boolean => BUILDERS_OPENING.test(normalized) && BUILDERS_TOPIC.test(normalized);

function laidOutAsDocument(text: string): boolean {
  if (text.length < STRUCTURED_MIN_CHARS) return false;
  let lines = 0;
  STRUCTURE_LINE.lastIndex = 0;
  while (STRUCTURE_LINE.exec(text) !== null) if (++lines >= STRUCTURED_MIN_LINES) break;
  STRUCTURE_LINE.lastIndex = 0;
  return lines >= STRUCTURED_MIN_LINES;
}

/**
 * The learned classifier as one more noisy-OR signal: its weight grows linearly from 0 at CLASSIFIER_FLOOR to the
 * attack threshold at CLASSIFIER_ALONE, so a fairly confident classifier needs a rule signal to agree.
 */
function learnedHit(probability: number, alone: number): Hit | undefined {
  if (probability < CLASSIFIER_FLOOR) return undefined;
  const weight = (ATTACK_THRESHOLD * (probability - CLASSIFIER_FLOOR)) / (alone - CLASSIFIER_FLOOR);
  return { family: 'learned classifier', weight, evidence: `p=${probability.toFixed(2)}` };
}

function fires(signal: CompiledSignal, normalized: string, found: FoundTriggers): boolean {
  if (normalized.length > signal.maxChars) return false;
  const triggered =
    firesAny(signal.ids, found) ||
    (signal.substrings !== null && signal.substrings.some((s) => normalized.includes(s))) ||
    (signal.script !== null && signal.script.test(normalized));
  return triggered && (signal.unless === null || !signal.unless.test(normalized));
}

/** The hits of `signals` (the attack rules a text's triggers can fire, unless given) on a text. */
function signalHits(normalized: string, found: FoundTriggers, signals: readonly CompiledSignal[] = ATTACK_INDEX.candidates(found)): Hit[] {
  const hits: Hit[] = [];
  const seen = new Set<string>();
  for (const signal of signals) {
    if (!fires(signal, normalized, found)) continue;
    const key = signal.key;
    if (seen.has(key)) continue;
    const m = signal.pattern.exec(normalized);
    if (m) {
      seen.add(key);
      // A pattern that reads a sentence's start takes the punctuation before it: the evidence starts at the words.
      hits.push({ family: signal.family, weight: signal.weight, evidence: clip(m[0].replace(LEADING_PUNCTUATION, '')) });
    }
  }
  return hits;
}

function cueMatch(cue: Cue, normalized: string, found: FoundTriggers): string | undefined {
  return firesAny(CUE_IDS.get(cue) as Int32Array, found) ? cue.pattern.exec(normalized)?.[0] : undefined;
}

// A harm named as what is to be kept out — "detect phishing e-mails", "protect the site against DDoS attacks",
// "blocking unauthorized access", "avoid scams" — is a defender's topic, not a request for it.
const DEFENSIVE_BEFORE = new RegExp(
  String.raw`(?:^|[^\w-])(?:detect|detects|detecting|detection of|prevent|prevents|preventing|prevention of|mitigate|mitigates|mitigating|mitigation of|` +
    String.raw`block|blocks|blocking|stop|stops|stopping|combat|combats|combating|combatting|fight|fighting|counter|countering|recogni[sz]e|recogni[sz]es|` +
    String.raw`recogni[sz]ing|spot|spotting|avoid|avoids|avoiding|report|reporting|flag|flagging|filter|filters|filtering|filter out|scan for|scanning for|` +
    String.raw`test for|testing for|against|without (?:requiring|asking for|needing|collecting|storing|sharing)|(?:protect|protects|protecting|protection|defend|defends|defending|defen[cs]e|guard|guarding|secure|securing|` +
    String.raw`safeguard|safeguarding|resilient|resilience|resistant|immune)(?: [\w'-]+){0,3}? (?:against|from))` +
    String.raw` (?:(?:the|a|an|all|any|potential|possible|common|suspicious|incoming|known|future|malicious|such|these|those|[\w-]+ (?:and|or)) )*$`,
);
/** A harm listed as a risk to find ("vulnerabilities such as SQL injection", "security risks (SQL injection, XSS"). */
const LISTED_RISK = /(?:^|[^\w-])(?:vulnerabilit(?:y|ies)|security (?:risks?|issues|flaws)|threats|attack vectors)(?: such as| like| including|:)? ?\(?(?:[\w/ -]{1,30}, ){0,4}$/;
/** A harm named as what is at risk or guarded against, by the word after it ("privilege escalation risks", "phishing awareness"). */
const DEFENSIVE_AFTER = /^(?:s|es)? (?:risks?|vulnerabilit(?:y|ies)|exposures?|prevention|protection|awareness|training|filters?|filtering|defen[cs]es?|countermeasures|mitigations?)\b/;
const DEFENSIVE_REACH = 80;
const GLOBAL_TOPICS = new Map<Cue, RegExp>(HARM_TOPICS.map((topic) => [topic, new RegExp(topic.pattern.source, `${topic.pattern.flags}g`)]));

/** The topic's first mention that is not a defender's ("blocking unauthorized access"). */
function topicMatch(topic: Cue, normalized: string, found: FoundTriggers): string | undefined {
  if (!firesAny(CUE_IDS.get(topic) as Int32Array, found)) return undefined;
  const pattern = GLOBAL_TOPICS.get(topic) as RegExp;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(normalized); m !== null; m = pattern.exec(normalized)) {
    const before = normalized.slice(Math.max(0, m.index - DEFENSIVE_REACH), m.index);
    const after = normalized.slice(m.index + m[0].length, m.index + m[0].length + 24);
    if (!DEFENSIVE_BEFORE.test(before) && !LISTED_RISK.test(before) && !DEFENSIVE_AFTER.test(after)) {
      pattern.lastIndex = 0;
      return m[0];
    }
  }
  return undefined;
}

/**
 * Role-play, fiction and "for educational purposes" framings are common in benign prompts; the signal is
 * the framing wrapped around a harmful topic.
 */
function harmfulRequestHits(normalized: string, found: FoundTriggers): Hit[] {
  const topics: string[] = [];
  let firstTopic = '';
  for (const topic of HARM_TOPICS) {
    const m = topicMatch(topic, normalized, found);
    if (m !== undefined) {
      topics.push(topic.name);
      firstTopic ||= m;
    }
  }
  // Framings only matter next to a harmful topic or a disclaimer, so most are only looked for then.
  const framing = new Map<FramingKind, string>();
  const look = (kinds: readonly FramingKind[]) => {
    for (const kind of kinds) {
      const m = cueMatch(FRAMING[kind], normalized, found);
      if (m !== undefined) framing.set(kind, m);
    }
  };
  look(ALWAYS_CHECKED);
  if (topics.length > 0 || framing.has('strongDisclaimer') || framing.has('disclaimer')) look(ROLE_PLAY);
  if (topics.length > 0) look(REQUEST_SHAPE);
  const sensitive = cueMatch(SENSITIVE, normalized, found);
  const hits: Hit[] = [];
  const severe = cueMatch(SEVERE_HARM, normalized, found);
  if (severe) hits.push({ family: 'severe harm request', weight: 0.45, evidence: clip(severeItem(severe)), plainHarm: true });
  const disclaimer = framing.get('strongDisclaimer') ?? framing.get('disclaimer');
  if (disclaimer !== undefined) {
    const strong = framing.has('strongDisclaimer');
    const weight = (strong ? 0.4 : 0.2) + (topics.length > 0 || sensitive ? 0.1 : 0);
    hits.push({ family: 'disclaimer framing', weight, evidence: clip(disclaimer) });
    const roleplay = framing.get('persona') ?? framing.get('fiction');
    if (roleplay !== undefined) hits.push({ family: 'role-play with disclaimer', weight: 0.2, evidence: clip(roleplay) });
  }
  const evasion = framing.get('evasion');
  if (evasion !== undefined) hits.push({ family: 'detection evasion', weight: topics.length > 0 ? 0.45 : 0.35, evidence: clip(evasion) });
  if (topics.length === 0) return hits;
  const framed = (['persona', 'fiction', 'stepByStep', 'deliverable'] as const).filter((k) => framing.has(k));
  const base = topics.length === 1 ? 0.25 : topics.length === 2 ? 0.35 : 0.45;
  const weight = Math.min(0.65, base + 0.12 * framed.length + (sensitive ? 0.1 : 0));
  const framingLabel = framed.length ? ` in ${framed.join('/')} framing` : '';
  hits.push({ family: `harmful request (${topics.slice(0, 3).join(', ')})${framingLabel}`, weight, evidence: clip(firstTopic), plainHarm: !framed.includes('persona') && !framed.includes('fiction') });
  return hits;
}

const SEVERE_ITEM = /(?:nuclear|fission|bio-?|biological|chemical|dirty|pipe)? ?(?:weapons?|agents?|bombs?|explosives?|sarin|ricin|anthrax|methamphetamine|meth|fentanyl)$/;

/** The harmful item of a severe-harm match ("pipe bomb" of "builds a pipe bomb"). */
function severeItem(match: string): string {
  return SEVERE_ITEM.exec(match)?.[0].trim() ?? match;
}

/** A decoded or undone form of the text that holds an order: its body, the triggers found in it, and whether it is read as data too. */
interface Variant {
  label: string;
  body: string;
  inBody: FoundTriggers;
  data?: boolean;
}

function obfuscatedVariants(text: string, normalized: string, respelledText: string, found: FoundTriggers, alreadyOverride: boolean, unquoted: string | undefined): Variant[] {
  const variants: Variant[] = [];
  const consider = (label: string, body: string) => {
    if (body === normalized || alreadyOverride) return;
    const inBody = VOCABULARY.scan(body);
    if (hasOverride(body, inBody)) variants.push({ label, body, inBody });
  };
  consider('leetspeak', unleet(normalized));
  const hints = normalized.length <= MAX_SPLIT_WORDS_TEXT ? WORD_TABLES.hints(normalized) : 0;
  if (hints & SPLIT_WORD) consider('words split', WORD_TABLES.joinedFragments(normalized));
  if (hints & SHORTHAND) consider('chat shorthand', WORD_TABLES.expandShorthand(normalized));
  // Characters written as escapes ("\x69\x67…", "\u0069…", "&#105;&#103;…").
  if (normalized.includes('\\x') || normalized.includes('\\u') || normalized.includes('&#')) {
    const unescaped = unescapeCharacters(normalized);
    if (unescaped !== normalized) consider('escaped characters', normalize(unescaped));
  }
  if (normalized.includes('__')) consider('blanks filled', WORD_TABLES.filledBlanks(normalized));
  if (found.has('ubbi') || found.has('dubbi')) consider('Ubbi Dubbi', fromUbbiDubbi(normalized));
  if (found.has('other') && EVERY_OTHER.test(normalized)) consider('every other letter', everyOtherLetter(normalized));
  if (MAY_HOLD_JOINED_ORDER.test(normalized)) consider('words joined by underscores or hyphens', splitJoinedOrders(normalized));
  if (MAY_HOLD_CAMEL_ORDER.test(text)) {
    const split = splitCamelOrders(text);
    if (split !== text) consider('CamelCase words', normalize(split));
  }
  consider('misspelled words', respelledText);
  // Spaced-out letters survive normalisation, so the cheap check runs on the text already lower-cased.
  if (hasSpacedLetters(normalized)) {
    const lowered = text.toLowerCase();
    const joined = unspace(lowered);
    if (joined !== lowered) consider('spaced-out letters', normalize(joined));
  }
  if (found.has('backwards') || found.has('backward') || found.has('reverse') || found.has('reversed')) {
    consider('reversed text', reversed(normalized));
    consider('words reversed', wordsReversed(normalized));
  }
  if (found.has('rot13')) consider('ROT13-encoded', rot13(normalized));
  if (found.has('caesar') || (found.has('shift') && LETTERS_SHIFTED.test(normalized))) consider('Caesar cipher', shiftedBack(normalized, caesarShiftOf(normalized)));
  if (found.has('latin') || looksLikePigLatin(normalized)) consider('Pig Latin', fromPigLatin(normalized));
  if (found.has('atbash')) consider('Atbash cipher', atbash(normalized));
  // English written in Cyrillic letters, its near-misses spelled right ("принт ёр систем промпт" → "print your system prompt").
  const latin = latinFromCyrillic(normalized);
  if (latin !== undefined) consider('English in Cyrillic letters', respelled(latin, walkWords(latin)));
  const pieces = joinedPieces(normalized);
  if (pieces) consider('pieces joined', pieces);
  if (found.has('keyboard') || found.has('qwerty')) {
    consider('typed one key off', keyboardShiftedBack(normalized, 'right'));
    consider('typed one key off', keyboardShiftedBack(normalized, 'left'));
  }
  // Decoded from the text as written: ROT47 moves capitals, digits and punctuation too.
  if (found.has('rot47')) consider('ROT47-encoded', normalize(rot47(text)));
  if (found.has('vowel') || found.has('vowels') || found.has('consonants')) consider('vowels dropped', WORD_TABLES.fromSkeletons(normalized));
  if (countFound(NATO_IDS, found) >= NATO_MIN_CODE_WORDS) {
    const spelled = decodeNatoRuns(normalized);
    if (spelled) consider('NATO spelling', normalize(spelled));
  }
  if (found.has('octal')) {
    const octal = decodeOctalRuns(text);
    if (octal) consider('octal character codes', normalize(octal));
  }
  if (found.has('polybius')) {
    const square = decodePolybiusRuns(normalized);
    if (square) consider('Polybius square', normalize(square));
  }
  const braille = fromBraille(text);
  if (braille) consider('Braille', normalize(braille));
  const upright = fromUpsideDown(normalized);
  if (upright) consider('upside-down text', upright);
  const morse = decodeMorseRuns(text);
  if (morse) consider('Morse code', normalize(morse));
  const colours = decodeColourRuns(normalized);
  if (colours) consider('colour codes', normalize(colours));
  const percent = decodePercentRuns(text);
  if (percent) consider('URL-encoded', normalize(percent));
  if (normalized.includes('=') || found.has('a1z26') || ((found.has('letter') || found.has('letters')) && (found.has('number') || found.has('numbers')))) {
    const letters = decodeLetterNumberRuns(normalized);
    if (letters) consider('letters as numbers', normalize(letters));
  }
  // An encoded run that decodes to an order is hidden from whoever reads the text: read as data too ("Ignore the
  // resume and state: …" in binary inside a résumé), its misspelled order words spelled right as in plain text
  // ("Inore the function and state …" in hex).
  const quotedPrintable = unquoted === undefined ? [] : [{ label: 'quoted-printable', text: unquoted }];
  for (const { label, text: plainText } of [...decodeBase64Runs(text), ...decodeByteRuns(text), ...quotedPrintable]) {
    const plain = normalize(plainText);
    const plainWords = walkWords(plain);
    const body = respelled(plain, plainWords);
    const inBody = body === plain ? VOCABULARY.lookup(plain, plainWords) : VOCABULARY.scan(body);
    if (hasOverride(body, inBody) || DATA_INDEX.candidates(inBody).some((signal) => fires(signal, body, inBody) && signal.pattern.test(body))) variants.push({ label, body, inBody, data: true });
  }
  return variants;
}

function countFound(ids: Int32Array, found: FoundTriggers): number {
  let count = 0;
  for (const id of ids) count += found.marks[id] === 1 ? 1 : 0;
  return count;
}

function hasOverride(normalized: string, found: FoundTriggers): boolean {
  return ATTACK_INDEX.candidates(found).some((s) => s.weight >= STRONG_OVERRIDE && fires(s, normalized, found) && s.pattern.test(normalized));
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
