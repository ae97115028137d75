/** The messages between useDecodedPaste and the worker it starts (scoreDecoder.worker.ts). */
import type { SchemeChoice } from '../../model/decoder/scoreDecoder.ts';
import type { PackedPaste } from './packedPaste.ts';

/** A text to decode and the scheme to read it by; `id` tells the replies apart (only the latest request's is kept). */
export interface DecodeRequest {
  readonly id: number;
  readonly text: string;
  readonly scheme: SchemeChoice;
}

/** The decoded text in columns, with the request's id. */
export interface DecodeReply {
  readonly id: number;
  readonly packed: PackedPaste;
}
