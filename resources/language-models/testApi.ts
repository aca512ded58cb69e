import { postJson } from '../../dataProvider/api';
import { LanguageModelSchema } from '../../domain';
import type { LanguageModel } from '../../domain';

/** POST /api/v1/language-models/{id}/test: asks the provider one tiny question; answers with the tested model. */
export function testLanguageModel(id: LanguageModel['id']): Promise<LanguageModel> {
  return postJson(`/language-models/${encodeURIComponent(String(id))}/test`, {}, LanguageModelSchema);
}
