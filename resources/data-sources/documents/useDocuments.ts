import { useCallback, useEffect, useRef, useState } from 'react';
import { useRefresh } from 'react-admin';
import type { DataSourceDocument } from '../../../domain';
import { errorMessage } from '../../../src/forms/serverErrors';
import { JOB_POLL_INTERVAL_MS } from '../../../src/ui/jobs/jobsApi';
import { listDocuments } from '../dataSourceApi';
import { isPending } from './documentTree';

/**
 * The folders and files of a source. While a file is OPEN or IN_PROGRESS the list is read again about every
 * second; when the last one is done the record (its document and chunk counts) is refreshed.
 */
export function useDocuments(sourceId: string) {
  const refreshRecord = useRefresh();
  const [documents, setDocuments] = useState<DataSourceDocument[]>();
  const [error, setError] = useState<string>();
  const wasPending = useRef(false);

  const reload = useCallback(async () => {
    try {
      setDocuments(await listDocuments(sourceId));
      setError(undefined);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [sourceId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const pending = documents?.some(isPending) ?? false;
  useEffect(() => {
    if (!pending) {
      if (wasPending.current) refreshRecord();
      wasPending.current = false;
      return undefined;
    }
    wasPending.current = true;
    const timer = setTimeout(() => void reload(), JOB_POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [documents, pending, refreshRecord, reload]);

  return { documents, error, reload, pending };
}
