/**
 * A signal that follows `signal` (when given) and, with `timeoutMs`, ends by itself after that long (reason: a
 * TimeoutError, as fetch's own timeout reads), until released: `release` stops following and clears the timer, so
 * neither a listener nor a timer outlives the work it bounded (undici keeps listening to the signal it is given).
 */
export function linkedSignal(signal: AbortSignal | undefined, timeoutMs?: number): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError')), timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}
