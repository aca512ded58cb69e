import { ChipField, ReferenceArrayField, SingleFieldList, useRecordContext } from 'react-admin';
import type { Policy } from '../../domain';

export interface PolicyTargetsFieldProps {
  /** Resources the ids point to: the admin's ('admin/groups') or the user's own view ('groups'). */
  groupsResource?: string;
  modelsResource?: string;
}

/** Who a policy applies to: everyone, all groups or models, or the chips of the chosen ones. */
export function PolicyTargetsField({ groupsResource = 'admin/groups', modelsResource = 'admin/language-models' }: PolicyTargetsFieldProps) {
  const policy = useRecordContext<Policy>();
  if (!policy) return null;
  if (policy.Type === 'Global Policy') return <>Everyone</>;
  if (policy.Targets.AllTargets) return <>{policy.Type === 'Group Policy' ? 'All groups' : 'All language models'}</>;
  const isGroup = policy.Type === 'Group Policy';
  return (
    <ReferenceArrayField
      source={isGroup ? 'Targets.GroupIds' : 'Targets.LanguageModelIds'}
      reference={isGroup ? groupsResource : modelsResource}
      empty={<>—</>}
    >
      <SingleFieldList linkType={false}>
        <ChipField source="Name" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
  );
}
