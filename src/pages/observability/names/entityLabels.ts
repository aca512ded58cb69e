// Display names of the ids in top lists and leaderboards, with the §2.8 labels for ids that no longer resolve
// ("Deleted …": the directory says it existed) or never did ("Unknown …": nothing knows it).
import { attributeName, MISSING_ENTITY_LABELS } from '../../../../domain';
import type { LanguageModel, TopDimension } from '../../../../domain';
import type { ResolvedIDs } from '../../../../domain/schemas/metrics-types';

export interface NameSources {
  /** The ResolveIDs answer, undefined while it loads or when it failed. */
  resolved: ResolvedIDs | undefined;
  /** The organization's language models, undefined when they could not be listed. */
  languageModels: LanguageModel[] | undefined;
}

const { deleted, unknown } = MISSING_ENTITY_LABELS;

function directoryLabel(
  id: string,
  resolved: ResolvedIDs | undefined,
  found: (answer: ResolvedIDs) => string | undefined,
  bad: (answer: ResolvedIDs) => string[],
  labels: { deleted: string; unknown: string },
): string {
  if (!id) return labels.unknown;
  if (!resolved) return id;
  const name = found(resolved);
  if (name) return name;
  return bad(resolved).includes(id) ? labels.deleted : labels.unknown;
}

export function entityLabel(dimension: TopDimension, id: string, sources: NameSources): string {
  const { resolved, languageModels } = sources;
  switch (dimension) {
    case 'Users':
      return directoryLabel(
        id,
        resolved,
        (answer) => {
          const user = answer.users.find((item) => item.id === id);
          return user ? user.fullName.trim() || user.email : undefined;
        },
        (answer) => answer.badUserIDs,
        { deleted: deleted.user, unknown: unknown.user },
      );
    case 'Copilots':
      return directoryLabel(id, resolved, (answer) => answer.copilots.find((item) => item.id === id)?.name, (answer) => answer.badCopilotIDs, {
        deleted: deleted.copilot,
        unknown: unknown.copilot,
      });
    case 'Policies':
      return directoryLabel(id, resolved, (answer) => answer.policies.find((item) => item.id === id)?.name, (answer) => answer.badPolicyIDs, {
        deleted: deleted.policy,
        unknown: unknown.policy,
      });
    case 'Attributes':
      return /^\d+$/.test(id) ? (attributeName(Number(id)) ?? unknown.attribute) : unknown.attribute;
    case 'LLMs': {
      if (!/^\d+$/.test(id)) return unknown.llm;
      if (!languageModels) return `Language model ${id}`;
      return languageModels.find((model) => model.id === Number(id))?.Name ?? deleted.llm;
    }
    case 'LLMModels':
      return id.trim() || unknown.llm;
  }
}

/** The ids of each directory kind that a set of lists needs resolved. */
export function idsToResolve(lists: { dimension: TopDimension; ids: string[] }[]) {
  const collect = (dimension: TopDimension) => [...new Set(lists.filter((list) => list.dimension === dimension).flatMap((list) => list.ids).filter(Boolean))].sort();
  return { userIDs: collect('Users'), copilotIDs: collect('Copilots'), policyIDs: collect('Policies') };
}
