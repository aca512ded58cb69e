import { useEffect } from 'react';
import { endSession } from '../../../authProvider/endSession';
import { LoadingScreen } from '../../startup/LoadingScreen';

/** /logout: hands over to the server's /auth/google/logout, which ends the session and lands on /login. */
export function LogoutPage() {
  useEffect(() => {
    endSession();
  }, []);
  return <LoadingScreen />;
}
