/** Waits (up to 20 s) until the `vite preview` server a benchmark started answers at `url`. */
export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}
