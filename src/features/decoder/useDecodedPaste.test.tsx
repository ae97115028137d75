import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { decodePaste } from '../../model/decoder/scoreDecoder.ts';
import { packPaste } from './packedPaste.ts';
import { WORKER_THRESHOLD, useDecodedPaste } from './useDecodedPaste.ts';
import type { DecodeReply, DecodeRequest } from './decodeMessages.ts';

const SCORE = '7356535848960000';
const longText = (score: string) => `${score}\n`.repeat(Math.ceil(WORKER_THRESHOLD / (score.length + 1)));

/** A stand-in Worker: holds requests until the test answers them (or fails to start). */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<DecodeReply>) => void) | null = null;
  onerror: (() => void) | null = null;
  requests: DecodeRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(request: DecodeRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(request: DecodeRequest) {
    const reply: DecodeReply = { id: request.id, packed: structuredClone(packPaste(decodePaste(request.text, request.scheme))) };
    this.onmessage?.({ data: reply } as MessageEvent<DecodeReply>);
  }
}

describe('useDecodedPaste', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it('decodes short text at once, without a worker', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { result } = renderHook(() => useDecodedPaste());
    act(() => result.current.decode(SCORE));
    expect(result.current.decoded?.rowCount).toBe(1);
    expect(result.current.pending).toBe(false);
    expect(FakeWorker.made).toHaveLength(0);
  });

  it('sends long text to one worker and keeps only the latest answer', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { result, unmount } = renderHook(() => useDecodedPaste());
    act(() => result.current.decode(longText(SCORE)));
    act(() => result.current.decode(longText('1764460800000')));
    expect(result.current.pending).toBe(true);
    const [worker] = FakeWorker.made;
    expect(FakeWorker.made).toHaveLength(1);
    const [first, second] = worker!.requests;
    act(() => worker!.answer(first!));
    expect(result.current.decoded).toBeNull();
    act(() => worker!.answer(second!));
    expect(result.current.pending).toBe(false);
    expect(result.current.decoded?.flagCounts.notBand).toBe(result.current.decoded?.rowCount);
    expect(result.current.decoded?.rowAt(0)).toMatchObject({ line: 1, score: 1764460800000, flags: ['notBand', 'shared'] });
    unmount();
    expect(worker!.terminated).toBe(true);
  });

  it('sends the scheme with the text, and the same text by another scheme is decoded again', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { result } = renderHook(() => useDecodedPaste());
    act(() => result.current.decode(longText('1764460800000')));
    act(() => result.current.decode(longText('1764460800000'), 'bare-ms'));
    const [worker] = FakeWorker.made;
    expect(worker!.requests.map((request) => request.scheme)).toEqual(['band', 'bare-ms']);
    act(() => worker!.answer(worker!.requests[1]!));
    expect(result.current.decoded).toMatchObject({ scheme: 'bare-ms', flagCounts: { notBand: 0 } });
    expect(result.current.decoded?.rowAt(0)).toMatchObject({ fireTime: 1764460800000, slot: null, flags: ['shared'] });
  });

  it('decodes in place when the worker fails to start', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { result } = renderHook(() => useDecodedPaste());
    act(() => result.current.decode(longText(SCORE)));
    act(() => FakeWorker.made[0]!.onerror?.());
    expect(result.current.pending).toBe(false);
    expect(result.current.decoded?.rowCount).toBeGreaterThan(1000);
    act(() => result.current.decode(longText(SCORE)));
    expect(FakeWorker.made).toHaveLength(1);
  });
});

describe('useDecodedPaste cancel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it('ends the worker, drops its answer and keeps what was decoded before', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { result } = renderHook(() => useDecodedPaste());
    act(() => result.current.decode(SCORE));
    act(() => result.current.decode(longText(SCORE)));
    const [worker] = FakeWorker.made;
    act(() => result.current.cancel());
    expect(worker!.terminated).toBe(true);
    expect(result.current.pending).toBe(false);
    expect(result.current.cancelled).toBe(true);
    act(() => worker!.answer(worker!.requests[0]!));
    expect(result.current.decoded?.rowCount).toBe(1);
    act(() => result.current.decode(longText(SCORE)));
    expect(FakeWorker.made).toHaveLength(2);
    expect(result.current.cancelled).toBe(false);
    act(() => FakeWorker.made[1]!.answer(FakeWorker.made[1]!.requests[0]!));
    expect(result.current.decoded?.rowCount).toBeGreaterThan(1000);
  });

  it('does not send again the text the worker is decoding (Decode pressed after a paste)', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { result } = renderHook(() => useDecodedPaste());
    const text = longText(SCORE);
    act(() => result.current.decode(text));
    act(() => result.current.decode(text));
    const [worker] = FakeWorker.made;
    expect(worker!.requests).toHaveLength(1);
    act(() => worker!.answer(worker!.requests[0]!));
    expect(result.current.pending).toBe(false);
    act(() => result.current.decode(text));
    expect(worker!.requests).toHaveLength(2);
  });
});
