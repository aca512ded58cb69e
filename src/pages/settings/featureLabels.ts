import type { AppFeature } from '../../../domain';

/** The feature flags of §3.3 with the words the System Settings page shows. */
export const FEATURE_TOGGLES: readonly { feature: AppFeature; label: string; helperText: string }[] = [
  { feature: 'CopyrightCheck', label: 'Copyright check', helperText: 'Check model answers against copyrighted text.' },
  { feature: 'Verification', label: 'Verification', helperText: 'Verify model answers with the verification sources.' },
  { feature: 'VoraDashboard', label: 'Vora dashboard', helperText: 'Company risk research with discovery by a language model.' },
  { feature: 'VoraPDashboard', label: 'Vora P dashboard', helperText: 'Company risk research without discovery.' },
  { feature: 'EnableSearchSummary', label: 'Search summary', helperText: 'Summarize search results in chat.' },
];
