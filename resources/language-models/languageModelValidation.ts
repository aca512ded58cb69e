import { LanguageModelCreateSchema, LanguageModelInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { toLanguageModelPayload } from './languageModelPayload';

const create = zodValidator(LanguageModelCreateSchema);
const update = zodValidator(LanguageModelInputSchema);

/** The domain schema of create (API key required for OpenAI, Azure, Anthropic) or update, on what would be sent. */
export function languageModelValidator(isNew: boolean) {
  return (values: Record<string, unknown>) => (isNew ? create : update)(toLanguageModelPayload(values));
}
