/**
 * The Web Worker that decodes long pastes for ScoreDecoder (useDecodedPaste), so the page keeps
 * responding: decodePaste on each text it is sent, answered with the request's id.
 */
import { decodePaste } from '../model/scoreDecoder.ts';
import type { DecodeReply, DecodeRequest } from './useDecodedPaste.ts';

self.onmessage = (event: MessageEvent<DecodeRequest>) => {
  const { id, text } = event.data;
  const reply: DecodeReply = { id, decoded: decodePaste(text) };
  self.postMessage(reply);
};
