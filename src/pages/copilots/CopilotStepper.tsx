import { Step, StepButton, StepLabel, Stepper } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { COPILOT_SETUP_STEPS, COPILOT_STEP_LABELS } from '../../../domain';
import type { App, CopilotSetupStepValue } from '../../../domain';
import { copilotStepPath, firstIncompleteStep } from './copilotPaths';

/** The seven steps; the saved ones and the next one can be opened, later ones wait until the earlier are valid. */
export function CopilotStepper({ app, active }: { app: App; active: CopilotSetupStepValue }) {
  const navigate = useNavigate();
  const reachable = firstIncompleteStep(app);
  return (
    <Stepper nonLinear activeStep={active - 1} alternativeLabel aria-label="Set-up steps" sx={{ mb: 3 }}>
      {COPILOT_SETUP_STEPS.map((step) => (
        <Step key={step} completed={step <= app.CompletedStep} disabled={step > reachable}>
          {step <= reachable ? (
            <StepButton onClick={() => navigate(copilotStepPath(app.id, step))} aria-current={step === active ? 'step' : undefined}>
              {COPILOT_STEP_LABELS[step]}
            </StepButton>
          ) : (
            <StepLabel>{COPILOT_STEP_LABELS[step]}</StepLabel>
          )}
        </Step>
      ))}
    </Stepper>
  );
}
