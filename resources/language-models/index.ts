import PsychologyIcon from '@mui/icons-material/PsychologyOutlined';
import { lazy } from 'react';
import type { LanguageModel } from '../../domain';

const LanguageModelList = lazy(() => import('./LanguageModelList').then((module) => ({ default: module.LanguageModelList })));
const LanguageModelCreate = lazy(() => import('./LanguageModelCreate').then((module) => ({ default: module.LanguageModelCreate })));
const LanguageModelEdit = lazy(() => import('./LanguageModelEdit').then((module) => ({ default: module.LanguageModelEdit })));

/** /admin/language-models/{LLMId?} (ORG_ADMIN): providers, limits, who may use them, and the connection test. */
export const languageModels = {
  name: 'admin/language-models',
  list: LanguageModelList,
  create: LanguageModelCreate,
  edit: LanguageModelEdit,
  icon: PsychologyIcon,
  recordRepresentation: (model: LanguageModel) => model.Name,
};
