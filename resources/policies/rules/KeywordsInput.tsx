import { Autocomplete, Chip, TextField } from '@mui/material';
import { useState } from 'react';
import { useInput } from 'react-admin';
import { fieldErrorText } from '../../../src/forms/fieldErrorText';

/** Splits typed text on commas and new lines into distinct, trimmed keywords. */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter(Boolean);
}

const merge = (current: readonly string[], added: readonly string[]) => [...new Set([...current, ...added])];

/** A chips input: type a word and press Enter (or a comma) to add it; paste a comma-separated list at once. */
export function KeywordsInput({ source, label = 'Keywords' }: { source: string; label?: string }) {
  const { field, fieldState, formState, id } = useInput({ source, defaultValue: [] });
  const [draft, setDraft] = useState('');
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  const error = fieldErrorText(fieldState.error);
  const showError = !!error && (fieldState.isTouched || formState.isSubmitted);

  const commit = (text: string) => {
    const words = splitKeywords(text);
    if (words.length > 0) field.onChange(merge(value, words));
    setDraft('');
  };

  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={draft}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' && /[,\n]/.test(text)) commit(text);
        else if (reason !== 'reset') setDraft(text);
      }}
      onChange={(_event, next) => field.onChange(merge([], next.flatMap((item) => splitKeywords(item))))}
      onBlur={() => {
        if (draft.trim()) commit(draft);
        field.onBlur();
      }}
      renderValue={(words, getItemProps) =>
        words.map((word, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={word} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          id={id}
          // The asterisk only: the chips are not the input's own value, so a native `required` would block submitting.
          label={
            <>
              {label} <span aria-hidden="true">*</span>
            </>
          }
          error={showError}
          helperText={showError ? error : 'Press Enter or type a comma after each word or phrase; matching ignores case.'}
        />
      )}
      sx={{ flex: 1, minWidth: 280 }}
    />
  );
}
