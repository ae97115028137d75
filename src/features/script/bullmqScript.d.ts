/** The installed bullmq package's getDelayedScore.lua and the package's fields (scripts/bullmqScript.ts, a Vite plugin). */
declare module 'virtual:bullmq/getDelayedScore.lua' {
  /** The script's text, as the package ships it. */
  export const source: string;
  /** "bullmq". */
  export const packageName: string;
  /** The installed version, from its package.json. */
  export const version: string;
  /** Its licence, from its package.json ("MIT"). */
  export const license: string;
  /** Where the file is, from the project's root. */
  export const path: string;
}
