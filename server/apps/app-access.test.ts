import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../domain/schemas/apps';
import { mayUseApp, readableDataSourceIds } from './app-access';

const config: AppConfig = {
  id: 'app',
  Name: 'Copilot',
  Status: 'active',
  Ready: true,
  DataSources: [
    { id: 'open', Name: 'Open', Enabled: true, SourceGroupIds: [], AccessGroupIds: [] },
    { id: 'hr-through-app', Name: 'HR', Enabled: true, SourceGroupIds: [], AccessGroupIds: ['hr'] },
    { id: 'legal-source', Name: 'Legal', Enabled: true, SourceGroupIds: ['legal'], AccessGroupIds: [] },
    { id: 'both', Name: 'Both', Enabled: true, SourceGroupIds: ['legal'], AccessGroupIds: ['hr'] },
    { id: 'off', Name: 'Off', Enabled: false, SourceGroupIds: [], AccessGroupIds: [] },
  ],
  Rag: { TopK: 5, MinScore: 0, CiteSources: true },
  LanguageModels: [],
  DefaultLanguageModelId: null,
  Policies: [],
  UserIds: ['alice'],
  GroupIds: ['hr'],
  PromptType: 1,
  PredefinedPrompts: [],
};

describe('copilot access rules', () => {
  it('admits users named directly or through a group, and token calls', () => {
    expect(mayUseApp(config, { userId: 'alice', groupIds: [] })).toBe(true);
    expect(mayUseApp(config, { userId: 'bob', groupIds: ['hr'] })).toBe(true);
    expect(mayUseApp(config, { userId: 'carol', groupIds: ['legal'] })).toBe(false);
    expect(mayUseApp(config, { userId: null, groupIds: [] })).toBe(true);
  });

  it("narrows by the copilot's data access and the source's own groups, never widening either", () => {
    expect(readableDataSourceIds(config, { userId: 'alice', groupIds: [] })).toEqual(['open']);
    expect(readableDataSourceIds(config, { userId: 'bob', groupIds: ['hr'] })).toEqual(['open', 'hr-through-app']);
    expect(readableDataSourceIds(config, { userId: 'carol', groupIds: ['legal'] })).toEqual(['open', 'legal-source']);
    expect(readableDataSourceIds(config, { userId: 'dan', groupIds: ['hr', 'legal'] })).toEqual(['open', 'hr-through-app', 'legal-source', 'both']);
    expect(readableDataSourceIds(config, { userId: null, groupIds: [] })).toEqual(['open']);
  });
});
