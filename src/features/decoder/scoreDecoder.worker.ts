/**
 * The Web Worker that decodes long pastes for ScoreDecoder (useDecodedPaste), so the page keeps
 * responding: decodePaste on each text it is sent (by the scheme sent with it), answered in columns (packedPaste.ts) with the
 * request's id, the typed arrays transferred.
 */
import { decodePaste } from '../../model/decoder/scoreDecoder.ts';
import { packPaste, transferablesOf } from './packedPaste.ts';
import type { DecodeReply, DecodeRequest } from './decodeMessages.ts';

self.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, text, scheme } = event.data;
  const packed = packPaste(decodePaste(text, scheme));
  const reply: DecodeReply = { id, packed };
  self.postMessage(reply, { transfer: transferablesOf(packed) });
};
