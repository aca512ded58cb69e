import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** Browser mock mode (VITE_MOCK_API=true): the handlers of the tests answer in the browser. */
export const worker = setupWorker(...handlers);
