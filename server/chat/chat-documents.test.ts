import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatDocument } from '../../domain/schemas/chat';
import { MAX_CHAT_DOCUMENT_BYTES } from '../../domain/schemas/chat';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import { demoTenant } from '../../tests/helpers/tenants';
import { minimalPdf } from '../data-sources/data-sources.fixtures';
import { LifecycleRepository } from '../pipeline/lifecycle.repository';
import { countTokens } from '../pipeline/tokens';
import { caller, demoModelId, multipartFile, newConversation, sendMessage, uploadDocument } from './chat.fixtures';
import { documentTokenBudget, truncateToTokens } from './chat-documents.service';
import { NO_FILE_MESSAGE, TOO_LARGE_MESSAGE, UNSUPPORTED_MESSAGE } from './chat-upload';

const REPORT = '# Quarterly report\n\nRevenue grew by 12 percent. The new office in Lisbon opened in March.';

describe('chat documents', () => {
  let t: TestApp;
  let user: string;
  let modelId: number;

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    const demo = await demoTenant(t);
    user = await t.login(demo.users.user.email);
    modelId = await demoModelId(t, demo.organizationId);
  });
  afterAll(() => t.close());

  it('uploads a Markdown file, keeps only its text encrypted, and summarizes it with SUMMARIZE_DOCUMENT', async () => {
    const cid = await newConversation(t, user);
    const uploaded = await uploadDocument(t, user, cid, 'report.md', 'text/markdown', REPORT);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = uploaded.json<ChatDocument>();
    expect(document).toMatchObject({ ConversationId: cid, FileName: 'report.md', SizeBytes: Buffer.byteLength(REPORT), Characters: REPORT.length });
    const row = await t.db.kysely.selectFrom('chat_documents').selectAll().where('id', '=', document.id).executeTakeFirstOrThrow();
    expect(row.text_enc).not.toContain('Lisbon');
    expect(t.app.services.secrets.decrypt(row.text_enc)).toBe(REPORT);

    const sent = await sendMessage(t, user, cid, { MessageType: 'SUMMARIZE_DOCUMENT', Content: 'Summarize this in two sentences.', LanguageModelId: modelId, DocumentId: document.id });
    expect(sent.message).toMatchObject({ Status: 'success', MessageType: 'SUMMARIZE_DOCUMENT', DocumentId: document.id, DocumentName: 'report.md' });
    // The offline model quotes what it was given: the instruction and the document's text.
    expect(sent.message.Answer).toContain('Summarize the document "report.md"');
    expect(sent.message.Answer).toContain('Revenue grew by 12 percent');
    expect(sent.message.Answer).not.toContain('Note: the document is longer');
    const record = (await new LifecycleRepository(t.db.kysely).find(sent.message.id))!;
    expect(record.MessageType).toBe('SUMMARIZE_DOCUMENT');
  });

  it('reads PDF, HTML, CSV and JSON uploads', async () => {
    const cid = await newConversation(t, user);
    const files: [string, string, string | Buffer, string][] = [
      ['policy.pdf', 'application/pdf', minimalPdf('Remote work is allowed on Fridays.'), 'Remote work is allowed on Fridays.'],
      ['page.html', 'text/html', '<p>Office opens at <b>8:30</b></p><script>var x = 1;</script>', 'Office opens at 8:30'],
      ['prices.csv', 'text/csv', 'item,price\nespresso,2.10\n', 'espresso,2.10'],
      ['team.json', 'application/json', JSON.stringify({ lead: 'Marguerite' }), 'lead: Marguerite'],
    ];
    for (const [name, type, content, expected] of files) {
      const uploaded = await uploadDocument(t, user, cid, name, type, content);
      expect(uploaded.statusCode, `${name}: ${uploaded.body}`).toBe(201);
      const row = await t.db.kysely.selectFrom('chat_documents').select('text_enc').where('id', '=', uploaded.json<ChatDocument>().id).executeTakeFirstOrThrow();
      expect(t.app.services.secrets.decrypt(row.text_enc).replace(/\s+/g, ' ')).toContain(expected);
    }
  });

  it('answers 413 above the size limit, 400 for an unsupported type or no file, 404 for another conversation', async () => {
    const cid = await newConversation(t, user);
    const tooBig = await uploadDocument(t, user, cid, 'big.txt', 'text/plain', Buffer.alloc(MAX_CHAT_DOCUMENT_BYTES + 1, 'a'));
    expect([tooBig.statusCode, tooBig.json()]).toEqual([413, { message: TOO_LARGE_MESSAGE }]);
    const image = await uploadDocument(t, user, cid, 'photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    expect([image.statusCode, image.json()]).toEqual([400, { message: UNSUPPORTED_MESSAGE, errors: { File: UNSUPPORTED_MESSAGE } }]);
    const json = await caller(t)(user, 'POST', `/api/v1/chat/conversations/${cid}/documents`, { File: 'x' });
    expect([json.statusCode, json.json().message]).toEqual([400, NO_FILE_MESSAGE]);
    // A cross-site form can post multipart with the cookie: without the console's header it is refused.
    const { payload, headers } = await multipartFile('report.md', 'text/markdown', REPORT);
    const forged = await t.app.inject({ method: 'POST', url: `/api/v1/chat/conversations/${cid}/documents`, headers: { cookie: user, ...headers }, payload });
    expect(forged.statusCode).toBe(403);
    const admin = await t.login((await demoTenant(t)).users.orgAdmin.email);
    expect((await uploadDocument(t, admin, cid, 'report.md', 'text/markdown', REPORT)).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('chat_documents').selectAll().where('conversation_id', '=', cid).execute()).toEqual([]);
  });

  it('cuts a long document to the model budget and says so under the summary', async () => {
    const cid = await newConversation(t, user);
    const paragraph = 'The committee reviewed the budget line by line and agreed on the next steps for every department. ';
    const long = `${paragraph.repeat(2_500)}THE-VERY-END`;
    const uploaded = (await uploadDocument(t, user, cid, 'minutes.txt', 'text/plain', long)).json<ChatDocument>();
    const sent = await sendMessage(t, user, cid, { MessageType: 'SUMMARIZE_DOCUMENT', Content: 'Summarize.', LanguageModelId: modelId, DocumentId: uploaded.id });
    expect(sent.message.Answer).toMatch(/Note: the document is longer than this model can read at once; this summary covers its first \d+%\.$/);
    expect(sent.streamed).toBe(sent.message.Answer);
    expect(sent.message.Answer).not.toContain('THE-VERY-END');
    const llm = (await new LifecycleRepository(t.db.kysely).find(sent.message.id))!.Stages.find((stage) => stage.Service === 'llm')!;
    const sentToModel = (llm.Detail!.Sent as { role: string; content: string }[]).map((message) => message.content).join('\n');
    const budget = documentTokenBudget({ MaxTokens: 1024 });
    expect(countTokens(sentToModel)).toBeLessThanOrEqual(budget + 200);
    expect(countTokens(sentToModel)).toBeGreaterThan(budget * 0.95);
  });

  it('truncates to exactly the budget or less, and keeps a short text whole', () => {
    expect(truncateToTokens('short text', 100)).toEqual({ text: 'short text', truncated: false, keptPercent: 100 });
    const long = 'word '.repeat(5_000);
    const cut = truncateToTokens(long, 1_000);
    expect(cut.truncated).toBe(true);
    expect(countTokens(cut.text)).toBeLessThanOrEqual(1_000);
    expect(countTokens(cut.text)).toBeGreaterThan(950);
    expect(cut.keptPercent).toBe(Math.floor((cut.text.length / long.length) * 100));
  });
});
