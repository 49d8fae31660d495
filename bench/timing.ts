/** Calls `work` for `seconds` (after a short warm-up); mean milliseconds per call. */
export async function timeIt(work: () => Promise<unknown>, seconds: number): Promise<number> {
  for (let i = 0; i < 5; i++) await work();
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    await work();
    calls += 1;
  }
  return (performance.now() - started) / calls;
}
