import { useState } from 'react';
import type { ChatModel } from '../../../../domain';

const LAST_MODEL_KEY = 'chat.lastModelId';

function rememberedModelId(): number | undefined {
  const stored = Number(localStorage.getItem(LAST_MODEL_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : undefined;
}

export function rememberModel(id: number): void {
  localStorage.setItem(LAST_MODEL_KEY, String(id));
}

/**
 * The model picker's value: what the user picked in this conversation, else the conversation's model, else the
 * last model the user chose anywhere, else the first one offered.
 */
export function useModelChoice(models: readonly ChatModel[], conversationId: string | undefined, conversationModelId: number | null | undefined) {
  const [picked, setPicked] = useState<{ conversationId: string | undefined; modelId: number } | null>(null);
  const offered = (id: number | null | undefined) => (id != null && models.some((model) => model.id === id) ? id : undefined);
  // A choice made before the conversation existed carries over to the conversation it created.
  const pickedHere = picked && (picked.conversationId === conversationId || picked.conversationId === undefined) ? offered(picked.modelId) : undefined;
  const modelId = pickedHere ?? offered(conversationModelId) ?? offered(rememberedModelId()) ?? models[0]?.id;
  const choose = (id: number) => {
    setPicked({ conversationId, modelId: id });
    rememberModel(id);
  };
  return { modelId, choose };
}
