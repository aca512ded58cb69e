import { Box } from '@mui/material';
import { EditBase, Title, useNotify } from 'react-admin';
import type { SystemSettings } from '../../../domain';
import { errorMessage } from '../../forms/serverErrors';
import { PageHeading } from '../../ui/lists/PageHeading';
import { SettingsSavedMessage } from './SettingsSavedMessage';
import { SystemSettingsForm } from './SystemSettingsForm';
import { toSettingsInput } from './toSettingsInput';

const SAVED_TOAST_MS = 10_000;
/** The organization's settings are one record, addressed as /api/v1/settings/current. */
const SETTINGS_ID = 'current';

/**
 * /admin/template (ORG_ADMIN): GET and PUT /api/v1/settings/current. What is saved is what /api/v1/meta
 * answers, so the console shows it at its next start. The route guard has checked the role already.
 */
export function SystemSettingsPage() {
  const notify = useNotify();
  return (
    <Box sx={{ pb: 2 }}>
      <Title title="System Settings" />
      <PageHeading
        title="System Settings"
        subtitle="Your organization's branding, theme and home page. People see the changes the next time they open the console."
      />
      <EditBase<SystemSettings>
        resource="settings"
        id={SETTINGS_ID}
        // The server answers the organization's id; react-admin wants the id it asked for.
        queryOptions={{ select: (settings) => ({ ...settings, id: SETTINGS_ID }) }}
        disableAuthentication
        mutationMode="pessimistic"
        redirect={false}
        transform={(values) => toSettingsInput(values) as unknown as SystemSettings}
        mutationOptions={{
          onSuccess: () => notify(<SettingsSavedMessage />, { type: 'success', autoHideDuration: SAVED_TOAST_MS }),
          onError: (error) => notify(errorMessage(error), { type: 'error' }),
        }}
      >
        <SystemSettingsForm />
      </EditBase>
    </Box>
  );
}
