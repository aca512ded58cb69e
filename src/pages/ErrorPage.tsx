import { CrashScreen } from '../ui/crash/CrashScreen';

/** /error: where a failed flow (for example a provider sign-in) can send the browser. */
export function ErrorPage() {
  return <CrashScreen />;
}
