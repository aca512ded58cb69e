import { ConfigStatus } from '../../domain/enums';
import type { OutboundClient } from '../outbound';
import type { SecretBox } from '../security/secret-box';
import type { ModelRecordForProvider } from './providers';
import { ProviderError, providerFor, sanitizeProviderMessage } from './providers';

export interface ConfigTestOutcome {
  status: typeof ConfigStatus.SUCCESS | typeof ConfigStatus.ERROR;
  message: string;
}

export const CONFIG_TEST_PROMPT = 'Reply with the single word OK.';
const CONFIG_TEST_MAX_TOKENS = 16;
const QUOTED_REPLY_LENGTH = 120;

/** Asks the provider one tiny question under the time limit; never throws. */
export async function runConfigTest(record: ModelRecordForProvider, secrets: SecretBox, outbound: OutboundClient, timeoutMs: number): Promise<ConfigTestOutcome> {
  let apiKey: string | null = null;
  try {
    apiKey = record.api_key_enc ? secrets.decrypt(record.api_key_enc) : null;
  } catch {
    return { status: ConfigStatus.ERROR, message: 'The stored API key cannot be read (the secrets key has changed); enter the key again.' };
  }
  try {
    const provider = providerFor(record, secrets, outbound, { timeoutMs });
    const result = await provider.complete(
      { messages: [{ role: 'user', content: CONFIG_TEST_PROMPT }], maxTokens: Math.min(CONFIG_TEST_MAX_TOKENS, record.max_tokens) },
      AbortSignal.timeout(timeoutMs),
    );
    const reply = result.text.trim();
    const quoted = reply.length > QUOTED_REPLY_LENGTH ? `${reply.slice(0, QUOTED_REPLY_LENGTH - 1)}…` : reply;
    return { status: ConfigStatus.SUCCESS, message: sanitizeProviderMessage(`${result.model} answered: «${quoted}»`, [apiKey]) };
  } catch (error) {
    const message = error instanceof ProviderError ? error.message : 'The provider could not be called.';
    return { status: ConfigStatus.ERROR, message: sanitizeProviderMessage(message, [apiKey]) };
  }
}
