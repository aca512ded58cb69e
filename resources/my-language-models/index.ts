import PsychologyIcon from '@mui/icons-material/PsychologyOutlined';
import { lazy } from 'react';
import type { LanguageModelSummary } from '../../domain';

const MyLanguageModelList = lazy(() => import('./MyLanguageModelList').then((module) => ({ default: module.MyLanguageModelList })));

/** /language-models (USER): the models the user may use, read-only. Shares /api/v1/language-models; the server scopes it. */
export const myLanguageModels = {
  name: 'language-models',
  list: MyLanguageModelList,
  icon: PsychologyIcon,
  recordRepresentation: (model: LanguageModelSummary) => model.Name,
};
