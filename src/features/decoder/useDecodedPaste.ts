import { useCallback, useEffect, useRef, useState } from 'react';
import { decodePaste } from '../../model/decoder/scoreDecoder.ts';
import type { SchemeChoice } from '../../model/decoder/scoreDecoder.ts';
import { fromDecoded, fromPacked } from './packedPaste.ts';
import type { DecodedRows } from './packedPaste.ts';
import type { DecodeReply, DecodeRequest } from './decodeMessages.ts';

/** Texts at least this long (about 5,000 lines) are decoded in a Web Worker. */
export const WORKER_THRESHOLD = 100_000;

/** What useDecodedPaste gives a view. */
export interface DecodedPasteState {
  readonly decoded: DecodedRows | null;
  /** A text is being decoded in the worker. */
  readonly pending: boolean;
  /** The last decode was cancelled (decoded still holds the one before). */
  readonly cancelled: boolean;
  /** Decodes `text`, its scores read by `scheme` (BullMQ's band unless told). */
  readonly decode: (text: string, scheme?: SchemeChoice) => void;
  /** Stops the decode in the worker (the worker is ended; the next long text starts another). */
  readonly cancel: () => void;
}

/**
 * decodePaste for a view: short texts at once, long ones in a Web Worker (scoreDecoder.worker.ts) that
 * answers in columns (packedPaste.ts), transferred, so 1,000,000 lines do not hold the page; only the
 * latest request's result is kept. Where no Worker exists, or it fails to start, everything is
 * decoded in place.
 */
export function useDecodedPaste(): DecodedPasteState {
  const [decoded, setDecoded] = useState<DecodedRows | null>(null);
  const [pending, setPending] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const worker = useRef<Worker | null>(null);
  const workerFailed = useRef(false);
  const latest = useRef<DecodeRequest>({ id: 0, text: '', scheme: 'band' });
  /** The id of the request the worker is decoding, if any. */
  const inFlight = useRef<number | null>(null);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const decode = useCallback((text: string, scheme: SchemeChoice = 'band') => {
    // the very text the worker is decoding (Decode pressed after a paste): its answer is on the way
    if (inFlight.current === latest.current.id && text === latest.current.text && scheme === latest.current.scheme) return;
    const request = { id: latest.current.id + 1, text, scheme };
    latest.current = request;
    setCancelled(false);
    if (text.length < WORKER_THRESHOLD || typeof Worker !== 'function' || workerFailed.current) {
      setDecoded(fromDecoded(decodePaste(text, scheme)));
      setPending(false);
      return;
    }
    if (!worker.current) {
      const started = new Worker(new URL('./scoreDecoder.worker.ts', import.meta.url), { type: 'module' });
      started.onmessage = (event: MessageEvent<DecodeReply>) => {
        if (event.data.id !== latest.current.id) return;
        inFlight.current = null;
        setDecoded(fromPacked(event.data.packed));
        setPending(false);
      };
      started.onerror = () => {
        workerFailed.current = true;
        started.terminate();
        worker.current = null;
        inFlight.current = null;
        setDecoded(fromDecoded(decodePaste(latest.current.text, latest.current.scheme)));
        setPending(false);
      };
      worker.current = started;
    }
    setPending(true);
    inFlight.current = request.id;
    worker.current.postMessage(request);
  }, []);

  const cancel = useCallback(() => {
    if (!worker.current || inFlight.current === null) return;
    worker.current.terminate();
    worker.current = null;
    latest.current = { id: latest.current.id + 1, text: '', scheme: latest.current.scheme };
    inFlight.current = null;
    setPending(false);
    setCancelled(true);
  }, []);

  return { decoded, pending, cancelled, decode, cancel };
}
