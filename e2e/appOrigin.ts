/** The port `vite preview` serves the browser tests' build on (playwright.config.ts starts it). */
export const APP_PORT = Number(process.env.FIRETIME_E2E_PORT ?? 4317);
/**
 * The port of the one Vite dev server the browser tests share, started by playwright.config.ts as
 * `npm run dev` starts it: FIRETIME_E2E_DEV_PORT, else the preview's port + 1.
 */
export const DEV_PORT = Number(process.env.FIRETIME_E2E_DEV_PORT ?? APP_PORT + 1);
/** Where the browser tests' build is served. */
export const APP_ORIGIN = `http://127.0.0.1:${APP_PORT}`;
/** Where the shared dev server serves the app from its sources. */
export const DEV_ORIGIN = `http://127.0.0.1:${DEV_PORT}`;
