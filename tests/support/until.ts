/** Reads until the answer is there (not undefined), every `stepMs`; throws after `timeoutMs`. */
export async function until<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000, stepMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await Bun.sleep(stepMs);
  }
  throw new Error('timed out');
}
