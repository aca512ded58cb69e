import { Box, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, Loading, SaveButton, SelectInput, TextInput, useEditContext } from 'react-admin';
import { SystemSettingsInputSchema } from '../../../domain';
import type { SystemSettings } from '../../../domain';
import { RateLimitInputs } from '../../forms/RateLimitInputs';
import { zodValidator } from '../../forms/zodValidator';
import { FEATURE_TOGGLES } from './featureLabels';
import { homeRouteChoices } from './homeRouteChoices';
import { ImageSourceInput } from './ImageSourceInput';
import { SettingsSection } from './SettingsSection';
import { toolNames } from './toSettingsInput';
import { ThemeColorInput } from './ThemeColorInput';

const validateInput = zodValidator(SystemSettingsInputSchema);
// The tool names are edited as one text: checked as the list they are saved as.
const validate = (values: Record<string, unknown>) => validateInput({ ...values, GatewayAllowedTools: toolNames(values.GatewayAllowedTools) });

/** The System Settings fields in four sections, validated with the domain's input schema. */
export function SystemSettingsForm() {
  const { record, isPending } = useEditContext<SystemSettings>();
  if (isPending || !record) return <Loading />;
  return (
    <Form validate={validate}>
      <Stack spacing={2} sx={{ maxWidth: 880 }}>
        <SettingsSection title="Branding" description="The name and images people see in the browser tab and the top bar.">
          <TextInput source="Title" label="Title" helperText="Shown in the browser tab and next to the logo." fullWidth />
          <ImageSourceInput source="Logo" label="Logo" helperText="Shown at the top left of every page." />
          <ImageSourceInput source="Icon" label="Icon" helperText="A square image for small places, such as the collapsed menu." />
          <ImageSourceInput source="Favicon" label="Favicon" helperText="The browser tab icon." />
        </SettingsSection>
        <SettingsSection title="Theme" description="The main colour of the console.">
          <ThemeColorInput />
        </SettingsSection>
        <SettingsSection title="Home page" description="Where people land when they open the console's address.">
          <SelectInput
            source="DefaultHomePageRoute"
            label="Default home page"
            choices={homeRouteChoices(record.DefaultHomePageRoute)}
            isRequired
            helperText="A page someone may not open sends them to their role's own start page instead."
            sx={{ maxWidth: 480 }}
            fullWidth
          />
        </SettingsSection>
        <SettingsSection title="Features" description="Turn parts of the console on or off for your organization.">
          <Box>
            {FEATURE_TOGGLES.map(({ feature, label, helperText }) => (
              <BooleanInput key={feature} source={`Features.${feature}`} label={label} helperText={helperText} />
            ))}
          </Box>
        </SettingsSection>
        <SettingsSection
          title="Gateway rate limits"
          description="How much each member may call the OpenAI-compatible gateway. An access token or a copilot may set its own limits; empty fields here use the deployment's defaults."
        >
          <RateLimitInputs
            requestsHelperText={`Per member. Empty: the default of ${record.DefaultRequestsPerMinute} a minute.`}
            tokensHelperText="Prompt and completion tokens per member. Empty: no token limit."
          />
        </SettingsSection>
        <SettingsSection
          title="Gateway content"
          description="What apps may send through the OpenAI-compatible gateway beyond text. The policies cannot read text inside an image, so images are refused unless allowed here (and then go only to models marked Vision)."
        >
          <BooleanInput source="GatewayImagesAllowed" label="Allow images" helperText="Image parts of messages are forwarded to vision models." />
          <TextInput
            source="GatewayAllowedTools"
            label="Allowed tool names"
            helperText="Comma-separated function names apps may offer a model; others are refused. Empty: any tool."
            format={(value: unknown) => (Array.isArray(value) ? value.join(', ') : ((value as string | null | undefined) ?? ''))}
            fullWidth
          />
        </SettingsSection>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <SaveButton label="Save" />
          <Typography variant="body2" color="text.secondary">
            Saved settings apply when the console is next loaded.
          </Typography>
        </Stack>
      </Stack>
    </Form>
  );
}
