import { formatJavaScript } from './pretty';

/** The worker side of `formatInWorker`: formats each text it is sent and sends it back. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage(message: { text: string } | { error: string }): void;
};

scope.onmessage = (event) => {
  try {
    scope.postMessage({ text: formatJavaScript(event.data) });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
