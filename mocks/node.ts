import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The MSW server of the unit tests (started in tests/setup/unit.ts). */
export const server = setupServer(...handlers);
