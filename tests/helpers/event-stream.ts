export interface ReceivedEvent {
  event: string;
  data: any;
  /** The event's `id:`, when it has one. */
  id?: string;
}

/** Reads a server-sent event stream the way EventSource does, collecting the named events. */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  let ended = false;
  let retryHintMs: number | undefined;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data), ...(id ? { id } : {}) });
          const retry = /^retry: (\d+)$/m.exec(block)?.[1];
          if (retry) retryHintMs = Number(retry);
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
    }
  })();

  return {
    response,
    events,
    get ended() {
      return ended;
    },
    /** The stream's `retry:` hint. */
    get retryHintMs() {
      return retryHintMs;
    },
    /** Waits until an event matching `predicate` has arrived, or fails after `timeoutMs`. */
    async waitFor(predicate: (e: ReceivedEvent) => boolean, timeoutMs = 3000): Promise<ReceivedEvent> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find(predicate);
        if (found) return found;
        if (ended) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`);
    },
    async waitForEnd(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return ended;
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
