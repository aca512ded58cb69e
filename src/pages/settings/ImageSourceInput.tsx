import DeleteIcon from '@mui/icons-material/DeleteOutline';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { Box, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useInput } from 'react-admin';
import { fieldErrorText } from '../../forms/fieldErrorText';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, readImageFile } from './readImageFile';

export interface ImageSourceInputProps {
  source: 'Icon' | 'Logo' | 'Favicon';
  label: string;
  helperText: string;
}

const isDataUrl = (value: unknown): value is string => typeof value === 'string' && value.startsWith('data:');

/** An image setting: upload a file (kept as a data URL), or give a URL; with a preview and a remove button. */
export function ImageSourceInput({ source, label, helperText }: ImageSourceInputProps) {
  const { field, fieldState } = useInput({ source });
  const [uploadError, setUploadError] = useState<string>();
  const urlId = useId();
  const value = typeof field.value === 'string' ? field.value : '';
  const uploaded = isDataUrl(value);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      field.onChange(await readImageFile(file));
      setUploadError(undefined);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : 'The image could not be read.');
    }
  };

  const error = uploadError ?? fieldErrorText(fieldState.error);
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 96,
          height: 96,
          flexShrink: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.50',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <Box component="img" src={value} alt={`${label} preview`} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Typography variant="caption" color="text.secondary">
            No image
          </Typography>
        )}
      </Box>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 240 }}>
        <Typography variant="subtitle2">{label}</Typography>
        <Stack direction="row" spacing={1}>
          <Button component="label" size="small" variant="outlined" startIcon={<UploadIcon />}>
            Upload image
            <input hidden type="file" accept={ACCEPTED_IMAGE_TYPES.join(',')} aria-label={`Upload ${label.toLowerCase()}`} onChange={(event) => void onFile(event)} />
          </Button>
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteIcon />}
            disabled={!value}
            onClick={() => {
              field.onChange(null);
              setUploadError(undefined);
            }}
          >
            Remove
          </Button>
        </Stack>
        <TextField
          id={urlId}
          size="small"
          label={`${label} URL`}
          placeholder="https://example.com/image.png"
          value={uploaded ? '' : value}
          onChange={(event) => field.onChange(event.target.value || null)}
          onBlur={field.onBlur}
          helperText={uploaded ? `An uploaded image is in use. Typing a URL replaces it.` : helperText}
          fullWidth
        />
        <FormHelperText error={Boolean(error)} sx={{ mt: 0 }}>
          {error ?? `PNG, JPEG, GIF, SVG, WebP or ICO, at most ${MAX_IMAGE_BYTES / 1024} KB.`}
        </FormHelperText>
      </Stack>
    </Box>
  );
}
