// The gateway's request as the pipeline's: messages (text, images, tool calls and results) and options, after the
// checks that refuse what cannot be honoured — each with a 400 naming the parameter, never dropped in silence.
import type { LanguageModelSummary, LlmProvider } from '../../domain/schemas/language-models';
import { effectiveAllowedTools } from '../../domain/schemas/tool-names';
import { notHonoured } from '../models/providers/capabilities';
import type { ChatParameter } from '../models/providers/capabilities';
import type { ChatMessage, ChatOptions, ImagePart } from '../models/providers/types';
import { disallowedTools } from '../pipeline/tool-governance';
import type { ChatCompletionRequest, OpenAiMessage } from './openai.schemas';
import { REFUSED_PARAMETERS, textOf } from './openai.schemas';

export interface ParamProblem {
  status: 400 | 403;
  message: string;
  /** OpenAI's `param`: the request field at fault. */
  param: string;
  code?: string;
}

export interface GatewaySurface {
  imagesAllowed: boolean;
  /** The organization's list (System Settings); null: any tool name. */
  allowedTools: string[] | null;
  /** A copilot token's call: the copilot's own list, narrowing the organization's; null: none set (inherit). */
  copilotTools?: string[] | null;
}

/**
 * The names of `names` the settings refuse, and whose setting refuses them: a name outside the organization's list
 * (when it sets one) first, else outside the copilot's (when it sets one). The effective list is the intersection
 * (`effectiveAllowedTools`); an empty copilot list inherits the organization's.
 */
export function toolRefusal(names: readonly string[], surface: GatewaySurface): { names: string[]; by: 'organization' | 'copilot' } | null {
  const refused = disallowedTools(names, effectiveAllowedTools(surface.allowedTools, surface.copilotTools ?? null));
  if (!refused.length) return null;
  const byOrganization = disallowedTools(refused, surface.allowedTools);
  return byOrganization.length ? { names: byOrganization, by: 'organization' } : { names: refused, by: 'copilot' };
}

const settingsOf = (by: 'organization' | 'copilot') => (by === 'organization' ? "this organization's settings" : "this copilot's allowed tool names");

/** A model's call of a tool the settings refuse (the same rule as for the tools a request offers), or null. */
export function refusedToolCall(names: readonly string[], surface: GatewaySurface): ParamProblem | null {
  const refusal = toolRefusal(names, surface);
  if (!refusal) return null;
  return { status: 403, message: `The model called ${refusal.names.map((name) => `"${name}"`).join(', ')}, which ${settingsOf(refusal.by)} do not allow.`, param: 'tools', code: 'tool_not_allowed' };
}

/** The first refused parameter the request sets (null, false and an empty object count as not set). */
export function refusedParameter(body: Record<string, unknown>): ParamProblem | null {
  for (const [name, why] of Object.entries(REFUSED_PARAMETERS)) {
    const value = body[name];
    if (value === undefined || value === null || value === false) continue;
    if (name === 'modalities' && Array.isArray(value) && value.every((item) => item === 'text')) continue;
    return { status: 400, message: `${name} is not supported by this gateway: ${why}.`, param: name };
  }
  return null;
}

function imagesOf(message: OpenAiMessage): ImagePart[] {
  if (!Array.isArray(message.content)) return [];
  return message.content.flatMap((part) => (part.type === 'image_url' && 'image_url' in part ? [part.image_url as ImagePart] : []));
}

/** A part type the gateway does not take (audio, files), with its place, or null. */
function unknownPart(messages: readonly OpenAiMessage[]): ParamProblem | null {
  for (const [index, message] of messages.entries()) {
    if (!Array.isArray(message.content)) continue;
    for (const [at, part] of message.content.entries()) {
      if (part.type === 'text' || (part.type === 'image_url' && message.role === 'user')) continue;
      return { status: 400, message: `messages.${index}.content.${at}: content parts of type "${part.type}" are not supported by this gateway${part.type === 'image_url' ? ' outside user messages' : ''}.`, param: `messages.${index}.content` };
    }
  }
  return null;
}

/** The messages as the pipeline takes them (developer is system; the texts were measured by the caller). */
export function chatMessagesOf(messages: readonly OpenAiMessage[], texts: readonly string[]): ChatMessage[] {
  return messages.map((message, index): ChatMessage => {
    const content = texts[index]!;
    switch (message.role) {
      case 'system':
      case 'developer':
        return { role: 'system', content };
      case 'user': {
        const images = imagesOf(message);
        return images.length ? { role: 'user', content, images } : { role: 'user', content };
      }
      case 'assistant':
        return message.tool_calls?.length ? { role: 'assistant', content, toolCalls: message.tool_calls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments })) } : { role: 'assistant', content };
      case 'tool':
        return { role: 'tool', content, toolCallId: message.tool_call_id };
    }
  });
}

export function textsOf(messages: readonly OpenAiMessage[]): string[] {
  return messages.map((message) => textOf(message.content));
}

/** The options the request sets, in the provider interface's terms. */
export function chatOptionsOf(body: ChatCompletionRequest): ChatOptions {
  const options: ChatOptions = {};
  if (body.top_p != null) options.topP = body.top_p;
  if (body.stop != null) options.stop = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (body.seed != null) options.seed = body.seed;
  if (body.presence_penalty != null) options.presencePenalty = body.presence_penalty;
  if (body.frequency_penalty != null) options.frequencyPenalty = body.frequency_penalty;
  if (body.user != null) options.user = body.user;
  if (body.tools?.length) {
    options.tools = body.tools.map((tool) => ({
      name: tool.function.name,
      ...(tool.function.description !== undefined ? { description: tool.function.description } : {}),
      ...(tool.function.parameters ? { parameters: tool.function.parameters } : {}),
      ...(tool.function.strict != null ? { strict: tool.function.strict } : {}),
    }));
  }
  if (body.tool_choice != null) options.toolChoice = typeof body.tool_choice === 'string' ? body.tool_choice : { name: body.tool_choice.function.name };
  if (body.parallel_tool_calls != null) options.parallelToolCalls = body.parallel_tool_calls;
  if (body.response_format != null) options.responseFormat = body.response_format;
  return options;
}

function parameterProblem(provider: LlmProvider, modelName: string, parameter: ChatParameter, param: string = parameter): ParamProblem | null {
  const why = notHonoured(provider, parameter);
  return why ? { status: 400, message: `${param} is not supported by the model "${modelName}": ${why}.`, param } : null;
}

/**
 * What of the request the chosen model cannot take or the organization does not allow: the first problem, or null.
 * Images: allowed by the organization (System Settings) and sent to a model marked Vision. Tools: the names the
 * organization lists (when it lists any), for the tools offered, tool_choice and the calls in the history.
 */
export function requestProblem(body: ChatCompletionRequest, model: LanguageModelSummary, surface: GatewaySurface): ParamProblem | null {
  const part = unknownPart(body.messages);
  if (part) return part;
  const provider = model.Provider;
  const check = (set: boolean, parameter: ChatParameter, param?: string) => (set ? parameterProblem(provider, model.Name, parameter, param) : null);
  const checks = [
    check(body.temperature != null, 'temperature'),
    check(body.top_p != null, 'top_p'),
    check(body.stop != null, 'stop'),
    check(body.seed != null, 'seed'),
    check(body.presence_penalty != null, 'presence_penalty'),
    check(body.frequency_penalty != null, 'frequency_penalty'),
    check(body.n != null && body.n > 1, 'n'),
    check(body.response_format != null && body.response_format.type !== 'text', body.response_format?.type === 'json_schema' ? 'response_format.json_schema' : 'response_format', 'response_format'),
  ];
  const found = checks.find((problem) => problem !== null);
  if (found) return found;
  // n: the policies rewrite one answer; several choices would each need their own record.
  if (body.n != null && body.n > 1) return { status: 400, message: 'n is not supported by this gateway: it answers one choice per request.', param: 'n' };
  const imageAt = body.messages.findIndex((message) => imagesOf(message).length > 0);
  if (imageAt >= 0) {
    if (!surface.imagesAllowed) return { status: 400, message: `messages.${imageAt}.content: images are not allowed by this organization's settings (the policies cannot read text inside an image).`, param: `messages.${imageAt}.content`, code: 'images_not_allowed' };
    if (!model.Vision) return { status: 400, message: `messages.${imageAt}.content: the model "${model.Name}" does not take images (it is not marked Vision).`, param: `messages.${imageAt}.content`, code: 'model_not_vision' };
  }
  const offered = (body.tools ?? []).map((tool) => tool.function.name);
  const chosen = body.tool_choice && typeof body.tool_choice === 'object' ? [body.tool_choice.function.name] : [];
  const called = body.messages.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.function.name) : []));
  const refusal = toolRefusal([...offered, ...chosen, ...called], surface);
  if (refusal) {
    const refused = refusal.names;
    return { status: 403, message: `The tool${refused.length === 1 ? '' : 's'} ${refused.map((name) => `"${name}"`).join(', ')} ${refused.length === 1 ? 'is' : 'are'} not allowed by ${settingsOf(refusal.by)}.`, param: 'tools', code: 'tool_not_allowed' };
  }
  if (chosen.length && !offered.includes(chosen[0]!)) return { status: 400, message: `tool_choice names "${chosen[0]}", which is not among the tools.`, param: 'tool_choice' };
  if (body.tool_choice != null && !offered.length && body.tool_choice !== 'none') return { status: 400, message: 'tool_choice is only allowed when tools are given.', param: 'tool_choice' };
  return check(offered.length > 0, 'tools') ?? null;
}
