/** One event of GET /api/events, parsed. */
export interface StreamEvent {
  type: string;
  targetId: string | null;
  data: Record<string, unknown>;
}

export interface EventStream {
  response: Response;
  /** The next `data:` event, parsed; fails after 10 s. */
  next(): Promise<StreamEvent>;
  /** Everything read so far, comments and events alike. */
  text(): string;
  close(): void;
}

/**
 * Opens GET /api/events of the server at `base` as a browser does (fetch over a real socket,
 * the bearer header): app.inject waits for an answer to end, and this one does not.
 */
export async function openEventStream(
  base: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: abort.signal,
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let all = '';
  return {
    response,
    async next() {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) return JSON.parse(data);
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0 || !reader) throw new Error('no event within 10 s');
        let timer: NodeJS.Timeout | undefined;
        const { value, done } = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no event within 10 s')), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (done) throw new Error('stream ended');
        const chunk = decoder.decode(value, { stream: true });
        buffer += chunk;
        all += chunk;
      }
    },
    text: () => all,
    close: () => abort.abort(),
  };
}
