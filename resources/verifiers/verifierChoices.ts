import { API_VERSIONS, METRIC_INTENSITIES, VERIFICATION_ACTION_LABELS, VERIFICATION_ACTIONS, VERIFICATION_METRIC_LABELS, VERIFICATION_METRIC_TYPES } from '../../domain';

export const METRIC_CHOICES = VERIFICATION_METRIC_TYPES.map((metric) => ({ id: metric, name: VERIFICATION_METRIC_LABELS[metric] }));
export const INTENSITY_CHOICES = METRIC_INTENSITIES.map((intensity) => ({ id: intensity, name: intensity }));
export const API_VERSION_CHOICES = API_VERSIONS.map((version) => ({ id: version, name: version }));
export const ACTION_CHOICES = VERIFICATION_ACTIONS.map((action) => ({ id: action, name: VERIFICATION_ACTION_LABELS[action] }));
