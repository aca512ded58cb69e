// Why an outbound call was not made or was cut short, in words that name the host and can be shown to an admin.

export class OutboundError extends Error {
  override name = 'OutboundError';
}

/** The host is one that outbound calls may not reach (or the URL is not http/https). */
export class OutboundRefusedError extends OutboundError {
  override name = 'OutboundRefusedError';
  constructor(
    readonly host: string,
    message: string,
  ) {
    super(message);
  }
}

/** The answer broke a bound: too large, or too many redirects. */
export class OutboundLimitError extends OutboundError {
  override name = 'OutboundLimitError';
}

/** The OutboundError somewhere in an error's cause chain (SDKs wrap what their fetch threw). */
export function outboundErrorIn(error: unknown): OutboundError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof OutboundError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}
