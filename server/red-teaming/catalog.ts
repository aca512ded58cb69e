// The base attacks of each category: data files in ./catalog (one per category), each entry with its source and licence.
import type { RedTeamCategory } from '../../domain/schemas/red-teaming';
import { RED_TEAM_CATEGORIES } from '../../domain/schemas/red-teaming';
import excessiveOutput from './catalog/excessive_output.json';
import indirectInjection from './catalog/indirect_injection.json';
import jailbreak from './catalog/jailbreak.json';
import promptInjection from './catalog/prompt_injection.json';
import sensitiveDataDisclosure from './catalog/sensitive_data_disclosure.json';
import systemPromptExtraction from './catalog/system_prompt_extraction.json';

export const LANGUAGES = ['fr', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface CatalogAttack {
  id: string;
  /** The attack; `{{TARGET}}` is the job's target phrase. */
  text: string;
  /** Indirect injection: the carrier document, `{{ATTACK}}` where the (transformed) attack goes. */
  document?: string;
  source: string;
  licence: string;
  /** Fixed, hand-written translations (the translation strategy; never a model). */
  translations: Partial<Record<Language, string>>;
}

export interface CategoryCatalog {
  category: RedTeamCategory;
  /** The user's message when the attack sits in a document (indirect injection). */
  prompt?: string;
  attacks: CatalogAttack[];
}

const FILES: CategoryCatalog[] = [promptInjection, systemPromptExtraction, jailbreak, sensitiveDataDisclosure, indirectInjection, excessiveOutput] as CategoryCatalog[];

export const CATALOG: ReadonlyMap<RedTeamCategory, CategoryCatalog> = new Map(FILES.map((file) => [file.category, file]));

export function catalogOf(category: RedTeamCategory): CategoryCatalog {
  const found = CATALOG.get(category);
  if (!found || !found.attacks.length) throw new Error(`No attacks in the catalog for ${category}`);
  return found;
}

export function attackById(category: RedTeamCategory, id: string): CatalogAttack | undefined {
  return CATALOG.get(category)?.attacks.find((attack) => attack.id === id);
}

/** Every category of the domain has a file (checked by the tests). */
export const CATALOG_CATEGORIES: readonly RedTeamCategory[] = RED_TEAM_CATEGORIES.filter((category) => CATALOG.has(category));
