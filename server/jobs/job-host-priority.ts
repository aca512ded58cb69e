// The job host thread's scheduling priority (job-host-worker.ts).
import fs from 'node:fs';
import os from 'node:os';

/**
 * The thread's scheduling priority (nice): people's requests on the server's event loop come first when both want the
 * two cores. Linux keeps a nice value per thread and a new thread inherits it, so the worker threads this thread starts
 * (detection, page text) run at it too. Lowering needs no privilege.
 */
export const JOB_HOST_NICE = 10;

export function lowerThisThreadsPriority(): void {
  try {
    // "<pid>/task/<tid>" on Linux; elsewhere there is no such link and the priority stays as it is.
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, Math.max(os.getPriority(threadId), JOB_HOST_NICE));
  } catch {
    // not Linux, or not permitted: jobs run at the server's priority
  }
}

