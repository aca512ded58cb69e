import { IDP_PRESET_LABELS, IDP_PRESETS, Role, ROLE_LABELS } from '../../domain';

export const PRESET_CHOICES = IDP_PRESETS.map((preset) => ({ id: preset, name: IDP_PRESET_LABELS[preset] }));

/** The roles a provider may give: those of an organization. */
export const ORG_ROLE_CHOICES = [Role.USER, Role.ORG_ADMIN].map((role) => ({ id: role, name: ROLE_LABELS[role] }));
