// Several servers: each keeps its own index of an organization's works; a work added or deleted through one server
// is matched (or no longer matched) by the next check on another, through the works revision.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import type { Principal } from '../auth/principal';
import { CopyrightService } from './copyright.service';
import type { AnswerCheck } from './copyright.service';

const PASSAGE =
  'Seventeen orange kites drifted above the quiet market square while the baker counted his loaves and the children sang an old song about the rain that never came';

describe('works index across servers', () => {
  let t: TestApp;
  let admin: Principal;
  let other: CopyrightService;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    admin = (await t.app.services.auth.principalOf(demo.users.orgAdmin.id, null))!;
    // A second server on the same database: its own index, built from the database.
    other = new CopyrightService(t.db.kysely, t.app.services.jobs, '1.0.0', t.app.services.secrets, t.app.services.outbound);
  });
  afterAll(() => t.close());

  const sources = async (service: CopyrightService) => ((await service.checkAnswer(admin.organizationId!, `Quote: ${PASSAGE}.`)) as AnswerCheck).matches.map((match) => match.SourceName);

  it('sees works added and deleted through another server at its next check', async () => {
    expect(await sources(other)).toEqual([]);
    const work = await t.app.services.copyright.create(admin, { Name: 'Kites', Text: `Once upon a time. ${PASSAGE}. The end.` });
    expect(await sources(other)).toEqual(['Kites']);
    expect(await sources(t.app.services.copyright)).toEqual(['Kites']);
    const second = await t.app.services.copyright.create(admin, { Name: 'Kites again', Text: PASSAGE });
    expect((await sources(other)).sort()).toEqual(['Kites', 'Kites again']);
    await t.app.services.copyright.delete(admin, work.id);
    expect(await sources(other)).toEqual(['Kites again']);
    await t.app.services.copyright.delete(admin, second.id);
    expect(await sources(other)).toEqual([]);
  });
});
