import { ChipField, ReferenceArrayField, SingleFieldList, useRecordContext } from 'react-admin';

/** The groups of a record's GroupIds as chips; none reads "Whole organization". */
export function GroupAccessField() {
  const record = useRecordContext<{ GroupIds: string[] }>();
  if (!record) return null;
  if (record.GroupIds.length === 0) return <>Whole organization</>;
  return (
    <ReferenceArrayField source="GroupIds" reference="admin/groups">
      <SingleFieldList linkType={false}>
        <ChipField source="Name" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
  );
}
