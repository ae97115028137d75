/** 32 hex digits in a uuid's text layout, 8-4-4-4-12 (the version and variant digits are the caller's to set). */
export function uuidText(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
