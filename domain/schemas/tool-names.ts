import { z } from 'zod';

// Function (tool) names a gateway request may offer a model: the organization's list (System Settings) and a
// copilot's own list, which narrows it. Precedence for a copilot token's call: a tool must be in the organization's
// list (when it sets one) AND in the copilot's list (when it sets one) — the intersection; a copilot with an empty
// list inherits the organization's as it is. A member's own calls (session or personal token) use the organization's.

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_ALLOWED_TOOLS = 200;

/** A list of tool names as input: null or left out means none set at this level. */
export const AllowedToolNamesInputSchema = z
  .array(z.string().trim().regex(TOOL_NAME_PATTERN, 'A tool name is 1 to 64 letters, digits, underscores or dashes'), { error: 'Allowed tools must be a list of names' })
  .max(MAX_ALLOWED_TOOLS, `At most ${MAX_ALLOWED_TOOLS} tool names`)
  .nullish();

/** The copilot's list narrowing the organization's (null at a level: that level allows any name). */
export function effectiveAllowedTools(organization: readonly string[] | null, copilot: readonly string[] | null): string[] | null {
  if (organization === null) return copilot === null ? null : [...copilot];
  if (copilot === null) return [...organization];
  return organization.filter((name) => copilot.includes(name));
}
