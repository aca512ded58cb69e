import { closeExtractionPool } from '../data-sources/extraction-pool';
import { closeDetectionPool } from '../pipeline/off-thread-detection';
import { closePageTextPool } from '../research/sections/page-text-pool';

/** Ends the worker pools, which live as long as the thread that started them, so that a server or a bench can exit. */
export async function closeWorkerPools(): Promise<void> {
  await Promise.all([closeExtractionPool(), closeDetectionPool(), closePageTextPool()]);
}
