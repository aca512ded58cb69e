import { Navigate } from 'react-router-dom';

/** Unknown paths redirect to / (§2.2); the route guard normally gets there first. */
export function CatchAllRedirect() {
  return <Navigate replace to="/" />;
}
