/** The port `vite preview` serves the browser tests' build on (playwright.config.ts starts it). */
export const APP_PORT = Number(process.env.FIRETIME_E2E_PORT ?? 4317);
/** Where the browser tests' build is served. */
export const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;
