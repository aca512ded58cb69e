// The company search form of §2.7: Site Link, an OR divider, Name and Location; the search button (75 % width) and
// Cancel, both disabled while loading; validation on submit with the §5 messages; the search button disabled while
// the form is invalid, with the §8 tooltip. Optional documents (insurance application, SOC 2 / ISO report, security
// policy) go with the search; their count, size and type are checked here first, the server checks them again.
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Alert, Box, Button, Chip, Divider, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { CompanySearchInput } from '../../../domain';
import { FIX_VALIDATION_TOOLTIP, validateCompanySearch } from '../../../domain';
import { MAX_RESEARCH_UPLOAD_BYTES, MAX_RESEARCH_UPLOADS, RESEARCH_UPLOAD_TYPES_MESSAGE } from '../../../domain/schemas/research-search';

export interface CompanySearchFormProps {
  searchLabel?: string;
  loading: boolean;
  onSearch(values: Required<CompanySearchInput>, documents: File[]): void;
  onCancel(): void;
}

const ACCEPTED = ['.pdf', '.docx', '.txt', '.md', '.markdown', '.html', '.htm'];
const MB = 1024 * 1024;

/** Why a picked file cannot go with the search, or null. */
function refusal(file: File): string | null {
  const extension = `.${file.name.toLowerCase().split('.').pop() ?? ''}`;
  if (!ACCEPTED.includes(extension)) return `${file.name}: ${RESEARCH_UPLOAD_TYPES_MESSAGE}`;
  if (file.size > MAX_RESEARCH_UPLOAD_BYTES) return `${file.name} is larger than ${MAX_RESEARCH_UPLOAD_BYTES / MB} MB.`;
  return null;
}

export function CompanySearchForm({ searchLabel = 'Search', loading, onSearch, onCancel }: CompanySearchFormProps) {
  const [values, setValues] = useState<CompanySearchInput>({ siteLink: '', accountName: '', location: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CompanySearchInput, string>>>({});
  const [documents, setDocuments] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const invalid = Object.keys(errors).length > 0;
  const pick = (files: FileList | null) => {
    const picked = Array.from(files ?? []);
    if (picker.current) picker.current.value = '';
    const refused = picked.map(refusal).find((reason) => reason !== null) ?? null;
    const next = [...documents, ...picked.filter((file) => refusal(file) === null)];
    setFileError(refused ?? (next.length > MAX_RESEARCH_UPLOADS ? `At most ${MAX_RESEARCH_UPLOADS} documents can go with a search.` : null));
    setDocuments(next.slice(0, MAX_RESEARCH_UPLOADS));
  };
  const change = (field: keyof CompanySearchInput) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (invalid) setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateCompanySearch(values);
    setErrors(result.errors);
    if (!Object.keys(result.errors).length) onSearch(result.values, documents);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Company search">
      <Stack spacing={2}>
        <TextField label="Site Link" type="url" value={values.siteLink} onChange={change('siteLink')} error={Boolean(errors.siteLink)} helperText={errors.siteLink} disabled={loading} fullWidth />
        <Divider>OR</Divider>
        <TextField label="Name" placeholder="Company Name" value={values.accountName} onChange={change('accountName')} error={Boolean(errors.accountName)} helperText={errors.accountName} disabled={loading} fullWidth />
        <TextField label="Location" placeholder="Company Location" value={values.location} onChange={change('location')} disabled={loading} fullWidth />
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary" id="research-documents-hint">
            Optional documents: insurance application, SOC 2 / ISO report, security policy (PDF, text, Markdown or HTML; up to {MAX_RESEARCH_UPLOADS}, {MAX_RESEARCH_UPLOAD_BYTES / MB} MB each).
          </Typography>
          <Box>
            <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />} disabled={loading || documents.length >= MAX_RESEARCH_UPLOADS}>
              Add documents
              <input ref={picker} hidden type="file" multiple aria-label="Documents" aria-describedby="research-documents-hint" accept={ACCEPTED.join(',')} onChange={(event) => pick(event.target.files)} />
            </Button>
          </Box>
          {documents.length ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Documents to upload" role="list">
              {documents.map((file, index) => (
                <Chip key={`${file.name}-${index}`} role="listitem" label={file.name} disabled={loading} onDelete={() => setDocuments((current) => current.filter((_, at) => at !== index))} />
              ))}
            </Stack>
          ) : null}
          {fileError ? <Alert severity="error" onClose={() => setFileError(null)}>{fileError}</Alert> : null}
        </Stack>
        <Stack direction="row" spacing={1}>
          <Tooltip title={invalid ? FIX_VALIDATION_TOOLTIP : ''}>
            <Box component="span" sx={{ width: '75%' }}>
              <Button type="submit" variant="contained" fullWidth disabled={loading || invalid}>
                {searchLabel}
              </Button>
            </Box>
          </Tooltip>
          <Button variant="outlined" sx={{ flex: 1 }} disabled={loading} onClick={onCancel}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
