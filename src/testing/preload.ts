// Whole-app tests render lazy pages. The first render of a page in a test file otherwise includes transforming and
// importing its module graph (react-admin, MUI, recharts: seconds on a busy machine), and a `findBy…` that waits for
// the page would race that one-off cost. Importing the modules in beforeAll takes the cost out of the tests.

/** The App with react-admin and MUI, the shell every whole-app test renders. */
export async function preloadApp(): Promise<void> {
  await import('../App');
  await import('../layout/AppLayout');
}

/** The observability screens (recharts, the metrics client). */
export async function preloadObservability(): Promise<void> {
  await preloadApp();
  await import('../pages/observability/ObservabilityPage');
}

/** Generous: the first import of the graph on a loaded 2-core machine. */
export const PRELOAD_TIMEOUT_MS = 120_000;
