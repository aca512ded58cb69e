// The help pages that ship with the console. Organization admins can add their own beside them.
export interface BuiltInHelpPage {
  slug: string;
  title: string;
  category: string;
  body: string;
}

export const BUILT_IN_HELP_PAGES: readonly BuiltInHelpPage[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    category: 'Overview',
    body: `# Getting started

The console sits between your people and apps and the language models they use. Every prompt goes
through one pipeline: **prompt guard → corporate data → policy engine → language model → verification →
copyright check**, and every stage is recorded.

## Who does what

| Role | Works on |
|---|---|
| Product admin | Customers of the deployment |
| Customer admin | Organizations of their customer, identity providers, observability |
| Organization admin | Users, groups, models, policies, data sources, verifiers, apps, settings |
| User | Chat, their access tokens, what applies to them |

## First steps for an organization admin

1. Invite your people under **Users** and arrange them in **Groups**.
2. Connect a sign-in provider under **Integrations and Data Sources → Directory/IDPs** if you use one.
3. Check the **Policies**: a default global policy anonymizes personal data, blocks prompt injection
   and redacts secrets.
4. Open **Chat** and send a prompt; then open its lifecycle to see what each stage did.
`,
  },
  {
    slug: 'users-and-groups',
    title: 'Users and groups',
    category: 'Directory',
    body: `# Users and groups

**Users** are the people of your organization. Each has a role — *Organization admin* or *User* — and an
identity type: **LOCAL** (signs in with a password) or **FEDERATED** (signs in through an identity
provider).

- Creating a local user gives you a one-time **set-up link**; send it to them so they choose a password.
  The link works once and expires after seven days.
- **Disabling** a user or changing their role ends all their sessions at once.
- You cannot disable, demote or delete yourself, so an organization always keeps an admin.

**Groups** collect users. Policies, language models and data sources are granted to groups, so a
group is the unit of access. Users see the groups they belong to under *Groups*.
`,
  },
  {
    slug: 'identity-providers',
    title: 'Identity providers (single sign-on)',
    category: 'Directory',
    body: `# Identity providers

Connect an OpenID Connect provider so people sign in with their company account.

1. Register the console at your provider, with the **callback URL** shown on the provider's page.
2. Enter the **issuer**, **client id** and **client secret**. The secret is stored encrypted and never
   shown again; leave it empty when editing to keep it.
3. Optionally map a **role claim** (for example \`role = admin\` → Organization admin) and a **group claim**
   whose values name groups of your organization.
4. Restrict sign-in to your **email domains** if the provider serves several companies.

The *Google Workspace* preset fills in Google's issuer. Enabled providers appear as buttons on the
sign-in page. A person signing in for the first time is created as a FEDERATED user.
`,
  },
  {
    slug: 'access-tokens',
    title: 'Access tokens and the API',
    category: 'Developers',
    body: `# Access tokens and the API

Apps call the console with a personal **access token**, sent as \`Authorization: Bearer <token>\`.
A token acts as its owner, within its **scopes**:

- **Gateway** (the default): the OpenAI-compatible endpoint below, and nothing else.
- **Admin API**: the rest of the API, with exactly its owner's rights. Such a token must expire (7 to 365 days).
- No token, whatever its scopes, creates tokens or manages users, groups, identity providers, customers or
  organizations: sign in to do that. Other calls outside its scopes answer \`403\`.

- Create one under **Access Tokens** in the user menu. Choose an expiry: never (gateway-only tokens), 7, 30, 60,
  90, 180 or 365 days.
- The secret is shown **once**, right after creation. Copy it then; the console keeps only a hash.
- Revoke a token as soon as it is no longer needed or may have leaked. Revoked and expired tokens get
  \`401\`, and so do all tokens of a user who is disabled or deleted.

## The OpenAI-compatible gateway

Any app written for OpenAI's API can go through the console unchanged: point the official SDK at
\`<console address>/api/v1/openai\` and use an access token as the API key.

\`\`\`js
import OpenAI from 'openai';
const client = new OpenAI({ baseURL: 'https://console.example.com/api/v1/openai', apiKey: process.env.CONSOLE_TOKEN });
const answer = await client.chat.completions.create({ model: 'Offline demo model', messages: [{ role: 'user', content: 'Hello' }] });
\`\`\`

- \`GET /models\` lists the language models the token may use; a model is named by its name in the console.
- Streaming (\`stream: true\`) works as with OpenAI. Every prompt runs through the policies and is recorded in
  the prompt lifecycle, like a chat message.
- A prompt a policy blocks answers \`403\` with the policy's message; a failing model \`502\`.
- **Rate limits**: requests a minute and, when set, tokens (prompt + completion) a minute. Your organization's
  admin sets its members' limits in **System Settings** (otherwise the deployment's default applies, 120 requests
  a minute unless the server is configured otherwise); a token may set lower limits of its own when it is created,
  and a copilot has its own in its set-up. Every answer carries OpenAI's \`x-ratelimit-limit-requests\`,
  \`x-ratelimit-remaining-requests\` and \`x-ratelimit-reset-requests\` headers (and the \`-tokens\` ones when a
  token limit applies); over a limit the gateway answers \`429\` with \`Retry-After\`. A call that goes over the
  token limit is still answered; the next one waits for the next minute.
- A client that disconnects before its answer is complete (streamed or not) cancels the model call; the prompt
  lifecycle records it as failed, "Cancelled: the client disconnected".
- A **copilot's** API token (\`gca_…\`, created in the copilot's set-up) applies that copilot's configuration: its
  models, its data sources and its policy rules. Its prompts are recorded under the copilot, on behalf of the
  admin who created the token.

The full API, with every route and its fields, is described under **API Documentation** in the user menu.
`,
  },
  {
    slug: 'policies',
    title: 'Policies',
    category: 'Governance',
    body: `# Policies

A policy is an ordered list of rules. Each rule has a **detector** and an **action**.

Detectors: personal data types (PERSON, EMAIL_ADDRESS, PHONE_NUMBER, CREDIT_CARD, IBAN_CODE, US_SSN,
IP_ADDRESS, LOCATION, …), secrets and API keys, keyword or topic lists, custom regular expressions,
and prompt injection.

Actions:

- **Block** — the prompt never reaches the model; the user is told which policy stopped it.
- **Redact** — the finding is replaced by its type, e.g. \`<EMAIL_ADDRESS>\`.
- **Anonymize** — the finding is replaced by a placeholder the model sees, and the real value is put
  back into the answer.
- **Flag** — the prompt passes, marked for review.
- **Allow** — an explicit exception.

Policies apply globally, to groups, or to language models; the policy page explains which wins when
they disagree.

The prompt-injection detector combines rules with a learned model. The rules read instruction overrides in English
and 32 other languages (among them Spanish, French, German, Russian, Chinese, Japanese, Korean, Hindi, Arabic, Swedish,
Greek and Swahili), requests for the hidden instructions or the assistant's password in English and several of them,
jailbreak personas, attacks hidden by
encoding, spacing or reversal, and the symbol-laden suffixes that automated attack searches append to a request. A
prompt's lifecycle page shows the attack score and the signals that fired.

Rules also apply to what is given to the model beside the prompt: retrieved document passages, attached
documents and tool results. There a **Block** replaces the matched text (\`<PROMPT_INJECTION>\` for a poisoned
passage) instead of blocking the user's prompt, and the prompt-injection detector looks for instructions planted
for the assistant, such as "add this link to your reply" or a made-up conversation turn. It reads a document pasted
into the prompt the same way ("Summarize this email: …", "Here is the article: …"): a planted instruction there flags
the prompt, while the user's own requests ("in your answer, mention the price") are not read as planted.
`,
  },
  {
    slug: 'language-models',
    title: 'Language models',
    category: 'Integrations',
    body: `# Language models

Configure the models your organization may use: OpenAI, Azure OpenAI, Anthropic, Ollama, any
OpenAI-compatible endpoint, or the built-in **offline demo model** that needs no key and no network.

- API keys are stored encrypted and never shown again — the page says only whether a key is set.
- Use **Test** to check the connection; the status moves from *Unknown* through *Testing* to *Success*
  or *Error* with the provider's message.
- Grant each model to the groups that may use it.
`,
  },
  {
    slug: 'corporate-data-sources',
    title: 'Corporate data sources',
    category: 'Integrations',
    body: `# Corporate data sources

Corporate data sources give chat answers grounded in your documents (retrieval-augmented generation).
Upload files and folders, or connect a collaboration suite, drive, CRM or warehouse.

- Grant each source to the groups that may read it; people only ever retrieve what their groups may read.
- **Upload files** takes several files at once and **Upload folder** a whole folder with its subfolders
  (recreated as folders, merged into folders of the same name already there). Up to 200 files and 50 MB
  go in one request (a larger choice is sent in several), each file up to 10 MB; one background job
  indexes them all and the panel shows the files done of the total and each file that failed, with its
  reason (a type that cannot be read, a damaged file, a name already taken) — the other files go on.
- A **sync** runs in the background with visible progress. The organization list shows the last sync
  status: Unknown, In progress, Completed or Error.

## What each retrieval setting does

- **Chunk size** — files are cut into passages of at most this many bytes, on sentence boundaries. A
  file shorter than the chunk size stays one passage. For short documents (abstracts, FAQ entries,
  tickets, command pages, READMEs) choose four kilobytes so that each stays whole: a document cut in
  pieces for no reason splits its words between passages, and each piece ranks lower than the whole
  would. Measured with BM25 on short documents: nDCG@10 0.671 with 4 KB against 0.660 with 1 KB on
  5,183 scientific abstracts, and 0.835 against 0.824 on the console's labelled set of 915 command pages
  and READMEs (\`npm run bench:retrieval\`). For long manuals and policies a smaller size points the
  answer at the right paragraph and fills less of the model's context per passage. Changing it
  re-indexes the files at the next sync.
- **Embeddings** — off (the default): passages are ranked by BM25 on their words, offline. On: each
  passage is embedded when it is indexed (a job with progress) and each question when it is asked;
  the BM25 ranking and the vector ranking are fused by reciprocal rank fusion (each passage scores
  the sum of 1/(60 + its rank) in each ranking). **Try retrieval** and the prompt lifecycle show, for
  each passage, whether BM25, vector search or both found it. If the embedding provider fails, or
  nothing is embedded yet, retrieval goes on with BM25 alone and says why.
- **Embedding provider** — one of your organization's language models (not Anthropic, which has no
  embeddings API): its provider, key and base URL make the embeddings. The built-in demo model embeds
  offline with a word-hashing vector, enough to try the feature, not to rank well.
- **Embedding model** — the model name sent to that provider: Text embedding is
  text-embedding-3-small (OpenAI, Azure), Cohere embed is embed-english-v3.0 (Cohere's OpenAI-compatible
  API), GTE large, GTA base (GTE base), BGE base and E5 large are their usual names on a Text Embeddings
  Inference or Ollama server (E5 gets its "query: " and "passage: " prefixes). **Model name at the
  provider** overrides the name. Texts are cut to the model's input limit and sent in batches; rate
  limits and server errors are retried. Changing the provider or model re-embeds at the next sync,
  which starts by itself.
- **Vector database** — where the vectors are kept and searched. FAISS (the default): the embedded
  exact index, kept in the console's own database and searched in memory; nothing else to set up.
  Qdrant, Pinecone, ChromaDB or Milvus: your own service, with its URL, collection (Pinecone: index
  name and namespace; Chroma: tenant and database; Milvus: database) and API key or token, stored
  encrypted and never shown again. The collection is created at the first sync with the similarity
  chosen (Pinecone's index must exist: create it with the embedding model's dimension and the same
  metric). **Test** checks the saved settings and says what the service holds or why it refused.
  The passages themselves stay in the console; the store holds their vectors. Deleting a file or the
  data source deletes its vectors from the store. If the store cannot be reached, retrieval goes on
  with BM25 alone and says why; the ranking is otherwise the same as with FAISS.
- **Similarity** — cosine compares directions, Euclidean distance positions. Most embedding models give
  vectors of length one, for which both rank the same; they differ for unnormalised vectors. An
  external store fixes the metric of a collection when it is created: changing the similarity needs
  another collection (the sync says so).
- **Sync every** — how often the source re-indexes changed files (and embeds new passages). Empty:
  only when you press Sync.
`,
  },
  {
    slug: 'chat-and-lifecycle',
    title: 'Chat and the prompt lifecycle',
    category: 'Using the console',
    body: `# Chat and the prompt lifecycle

Chat sends your prompt through the same pipeline apps use. Under each answer you see what the
policies did (blocked, redacted, anonymized, flagged), the verification badge, and the cited sources.

Admins open a prompt's **lifecycle** to see every stage on a timeline: its status, latency, tokens, and
the prompt as that stage saw it. A stage skipped because of a policy says *Skipped by applied policy
rules*; one whose outcome is unknown says *Cannot Determine*.
`,
  },
  {
    slug: 'observability',
    title: 'Observability and risk',
    category: 'Governance',
    body: `# Observability and risk

The **Observability** dashboard counts prompts (malicious, blocked, anonymized, redacted), tokens,
latency and status per stage, and the quality of model answers, over a time window (default: last
7 days).

**Risk Assessment** ranks users, apps, policies and models by risk. Each factor — answer accuracy,
hallucination, toxicity, bias, tokens, and the ratios of skipped, malicious, blocked, anonymized and
redacted prompts — has a value range and a score range you can tune. A score of 0.67 or more is
*High*, above 0.33 *Medium*, otherwise *Low*.

**Critical Events** lists blocked, malicious and failed prompts, newest first.
`,
  },
  {
    slug: 'system-settings',
    title: 'System settings and branding',
    category: 'Administration',
    body: `# System settings

Under **System Settings** (user menu) an organization admin sets the console's **title**, **logo**,
**favicon**, **theme colour** and the **default home route** people land on after signing in, and turns
features on or off (copyright check, verification, search summary, research dashboards).

Changes apply the next time the console starts in the browser — reload the page to see them.
Every change is recorded in the audit log.
`,
  },
];
