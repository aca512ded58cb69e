// Radio and select inputs hand back their value as text; enums of the domain are numbers and booleans.

/** "2" → 2; an empty choice → null (so "required" rules still apply). */
export const parseNumberChoice = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** "true"/"false" → true/false; an empty choice → null. */
export const parseBooleanChoice = (value: unknown): boolean | null =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
