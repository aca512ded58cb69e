// Who may use a copilot, and which of its data sources a call may read (the DATA_ACCESS_RULE_TEXT of domain/),
// for the pipeline. Pure: it reads the resolved configuration and the caller's groups.
import type { AppConfig } from '../../domain/schemas/apps';

export interface AppCaller {
  /** null for a call made with the copilot's own access token. */
  userId: string | null;
  groupIds: readonly string[];
}

/** Step 6: a user named directly or through one of their groups. A token call is the app itself. */
export function mayUseApp(config: AppConfig, caller: AppCaller): boolean {
  if (caller.userId === null) return true;
  return config.UserIds.includes(caller.userId) || caller.groupIds.some((groupId) => config.GroupIds.includes(groupId));
}

/** Step 2, narrowing the source's own restriction: enabled sources this caller may read through the copilot. */
export function readableDataSourceIds(config: AppConfig, caller: AppCaller): string[] {
  const admits = (groupIds: readonly string[]) =>
    groupIds.length === 0 || (caller.userId !== null && caller.groupIds.some((groupId) => groupIds.includes(groupId)));
  return config.DataSources.filter((source) => source.Enabled && admits(source.SourceGroupIds) && admits(source.AccessGroupIds)).map((source) => source.id);
}
