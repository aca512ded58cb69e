import { Form, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { APP_STEP_SCHEMAS, COPILOT_STEP_COUNT } from '../../../domain';
import type { App, CopilotSetupStepValue } from '../../../domain';
import { errorMessage, fieldErrors } from '../../forms/serverErrors';
import { zodValidator } from '../../forms/zodValidator';
import { copilotPath, copilotStepPath, COPILOTS_PATH } from './copilotPaths';
import { saveCopilotStep } from './copilotApi';
import { STEP_FORMS } from './steps/stepForms';
import { StepToolbar } from './StepToolbar';

export interface CopilotStepFormProps {
  app: App;
  step: CopilotSetupStepValue;
  /** Reloads the copilot after a save, so the stepper and the resume rule see the new progress. */
  reload: () => Promise<unknown>;
}

/** One step's form: validated with the step's own schema, saved on its own, then on to the next step. */
export function CopilotStepForm({ app, step, reload }: CopilotStepFormProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const { Inputs, values } = STEP_FORMS[step];

  const onSubmit = async (data: FieldValues) => {
    try {
      await saveCopilotStep(app.id, step, data);
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
      return fieldErrors(error);
    }
    await reload();
    if (step === COPILOT_STEP_COUNT) {
      notify('Copilot set up: it is active', { type: 'success' });
      navigate(copilotPath(app.id));
    } else {
      navigate(copilotStepPath(app.id, step + 1));
    }
    return undefined;
  };

  const onBack = () => navigate(step === 1 ? COPILOTS_PATH : copilotStepPath(app.id, step - 1));

  return (
    <Form key={`${app.id}-${step}`} record={values(app)} validate={zodValidator(APP_STEP_SCHEMAS[step])} onSubmit={onSubmit} noValidate>
      <Inputs />
      <StepToolbar step={step} onBack={onBack} />
    </Form>
  );
}
