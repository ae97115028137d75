import { useCallback, useEffect, useRef, useState } from 'react';
import { decodePaste } from '../../model/decoder/scoreDecoder.ts';
import { fromDecoded, fromPacked } from './packedPaste.ts';
import type { DecodedRows } from './packedPaste.ts';
import type { DecodeReply, DecodeRequest } from './decodeMessages.ts';

/** Texts at least this long (about 5,000 lines) are decoded in a Web Worker. */
export const WORKER_THRESHOLD = 100_000;

/**
 * decodePaste for a view: short texts at once, long ones in a Web Worker (scoreDecoder.worker.ts) that
 * answers in columns (packedPaste.ts), so 100,000 lines do not hold the page; only the latest
 * request's result is kept. Where no Worker
 * exists, or it fails to start, everything is decoded in place.
 */
export function useDecodedPaste(): { decoded: DecodedRows | null; pending: boolean; decode: (text: string) => void } {
  const [decoded, setDecoded] = useState<DecodedRows | null>(null);
  const [pending, setPending] = useState(false);
  const worker = useRef<Worker | null>(null);
  const workerFailed = useRef(false);
  const latest = useRef<DecodeRequest>({ id: 0, text: '' });

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const decode = useCallback((text: string) => {
    const request = { id: latest.current.id + 1, text };
    latest.current = request;
    if (text.length < WORKER_THRESHOLD || typeof Worker !== 'function' || workerFailed.current) {
      setDecoded(fromDecoded(decodePaste(text)));
      setPending(false);
      return;
    }
    if (!worker.current) {
      const started = new Worker(new URL('./scoreDecoder.worker.ts', import.meta.url), { type: 'module' });
      started.onmessage = (event: MessageEvent<DecodeReply>) => {
        if (event.data.id !== latest.current.id) return;
        setDecoded(fromPacked(event.data.packed));
        setPending(false);
      };
      started.onerror = () => {
        workerFailed.current = true;
        started.terminate();
        worker.current = null;
        setDecoded(fromDecoded(decodePaste(latest.current.text)));
        setPending(false);
      };
      worker.current = started;
    }
    setPending(true);
    worker.current.postMessage(request);
  }, []);

  return { decoded, pending, decode };
}
