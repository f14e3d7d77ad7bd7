/**
 * Reads `read` every 100 ms until `ok` holds of what it answers or `timeoutMs` has passed, and answers
 * the last value either way: the test's own expectation then says what was wrong.
 */
export async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
