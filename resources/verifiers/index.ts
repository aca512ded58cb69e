import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import { lazy } from 'react';
import type { Verifier } from '../../domain';

const VerifierList = lazy(() => import('./VerifierList').then((module) => ({ default: module.VerifierList })));
const VerifierCreate = lazy(() => import('./VerifierCreate').then((module) => ({ default: module.VerifierCreate })));
const VerifierEdit = lazy(() => import('./VerifierEdit').then((module) => ({ default: module.VerifierEdit })));

/** /admin/verifier/{VerifierId?} (ORG_ADMIN): verification sources, served by /api/v1/verifiers. */
export const verifiers = {
  name: 'admin/verifier',
  list: VerifierList,
  create: VerifierCreate,
  edit: VerifierEdit,
  icon: VerifiedIcon,
  recordRepresentation: (verifier: Verifier) => verifier.Name,
};
