/** Where the browser tests' build is served (playwright.config.ts reads the same variable). */
export const APP_ORIGIN = `http://127.0.0.1:${Number(process.env.FIRETIME_E2E_PORT ?? 4317)}`;
