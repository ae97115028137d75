/**
 * The few Web APIs the framework-free layers (src/model, src/session) may use: each exists, with
 * this shape, in every browser and in Node.js (>= 20) alike. tsconfig.model.json checks those
 * layers with these declarations and no DOM library, so anything else from the browser fails the
 * build there. Only the members the code calls are declared.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

declare const crypto: {
  randomUUID?(): string;
  getRandomValues<T extends Uint8Array>(array: T): T;
};

declare function btoa(data: string): string;
declare function atob(data: string): string;
