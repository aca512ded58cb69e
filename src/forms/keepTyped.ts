/**
 * For an edit form's `resetOptions`: when the record is fetched again behind the copy shown first (after a create, or
 * changed on the server meanwhile), what the person has typed stays and only the untouched fields take the answer.
 * Without it the form resets to the answer and what was typed is lost. A module constant: react-admin resets again
 * whenever the options object changes.
 */
export const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;
