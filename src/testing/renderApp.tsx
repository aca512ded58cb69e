import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import type { CurrentUser, Role } from '../../domain';
import { writeAuthStorage } from '../../authProvider/authStorage';
import { buildCurrentUser } from '../../mocks/builders';
import { mockSignIn } from '../../mocks/handlers';
import { Root } from '../Root';

/** Renders the whole app at `path` as main.tsx does: the router and the entry's routes. */
export function renderApp(path = '/') {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <Root />
    </BrowserRouter>,
  );
}

/** A signed-in browser: the stored sign-in state and a server session answering GET /api/v1/me. */
export function signInAs(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const user = buildCurrentUser(role, overrides);
  writeAuthStorage(user);
  mockSignIn(user);
  return user;
}
