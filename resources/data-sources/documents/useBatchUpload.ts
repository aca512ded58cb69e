import { useCallback, useEffect, useState } from 'react';
import { isJobFinished } from '../../../domain';
import type { DocumentBatch } from '../../../domain';
import { errorMessage } from '../../../src/forms/serverErrors';
import { JOB_POLL_INTERVAL_MS } from '../../../src/ui/jobs/jobsApi';
import { getDocumentBatch, uploadDocumentBatch } from '../dataSourceApi';
import type { RefusedFile } from './batchUpload';
import { splitIntoBatches } from './batchUpload';

export interface BatchUploadState {
  sending: boolean;
  /** Each request's batch as its job last reported it. */
  batches: DocumentBatch[];
  /** Files refused before upload, and whole requests the server refused (named by their first file). */
  refused: RefusedFile[];
}

const IDLE: BatchUploadState = { sending: false, batches: [], refused: [] };

/**
 * Uploads the chosen files (or a folder's) in as few requests as the limits allow, then follows each request's job
 * about every second until it is finished, reloading the folder tree as files are indexed.
 */
export function useBatchUpload(sourceId: string, onProgress: () => void) {
  const [state, setState] = useState<BatchUploadState>(IDLE);

  const start = useCallback(
    async (files: readonly File[], parentId: string | null) => {
      if (!files.length) return;
      const { batches, refused } = splitIntoBatches(files);
      setState({ sending: true, batches: [], refused });
      for (const part of batches) {
        try {
          const batch = await uploadDocumentBatch(sourceId, part, parentId);
          setState((before) => ({ ...before, batches: [...before.batches, batch] }));
        } catch (error) {
          const Error = errorMessage(error);
          setState((before) => ({ ...before, refused: [...before.refused, ...part.map((chosen) => ({ Path: chosen.path, Error }))] }));
        }
      }
      setState((before) => ({ ...before, sending: false }));
      onProgress();
    },
    [sourceId, onProgress],
  );

  const running = state.batches.some((batch) => !isJobFinished(batch));
  useEffect(() => {
    if (!running) return undefined;
    const timer = setTimeout(() => {
      void (async () => {
        const next = await Promise.all(state.batches.map((batch) => (isJobFinished(batch) ? batch : getDocumentBatch(sourceId, batch.JobId).catch(() => batch))));
        setState((before) => ({ ...before, batches: next }));
        onProgress();
      })();
    }, JOB_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [state.batches, running, sourceId, onProgress]);

  const dismiss = useCallback(() => setState(IDLE), []);
  const active = state.sending || state.batches.length > 0 || state.refused.length > 0;
  return { state, start, dismiss, active, running: state.sending || running };
}
