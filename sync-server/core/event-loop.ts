/**
 * Lets timers and other requests run before going on (setImmediate: after the I/O already
 * waiting). Long work on the event loop (a push of many mutations, loading a large tournament,
 * importing a TRF file) calls it between its steps, so no request waits for the whole of it
 * (issue 18; measured in bench/stalls.ts).
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
