import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppStore } from '../../store/appStore.ts';
import { EVERY_OTHER_FRAME_ABOVE, firstCarry, playTick } from './playTimer.ts';

export interface Player {
  /** True while the frame loop enqueues jobs. */
  readonly playing: boolean;
  /** Jobs still to play in the current burst (Infinity: until paused). */
  readonly remaining: number;
  /** Jobs played since the last Play. */
  readonly played: number;
  /** Plays until paused, or `count` jobs. */
  readonly play: (count?: number) => void;
  readonly pause: () => void;
  /** Plays on after a pause: the rest of the burst, or until paused. */
  readonly resume: () => void;
  /** Pauses and enqueues one job. */
  readonly step: () => void;
  /** Enqueues `count` jobs one by one in this frame (the state changes at once). */
  readonly playInstantly: (count: number) => void;
}

/**
 * Plays jobs into the store at `rate` per second: a requestAnimationFrame loop that enqueues the
 * whole jobs owed by the time elapsed (several per frame at high rates; above
 * EVERY_OTHER_FRAME_ABOVE jobs/s on a frozen clock, those of two frames every other frame). Every job is one ordinary
 * `enqueue(1)` operation (a frame's jobs go in through `enqueueEach`, which publishes them once),
 * so the scenario, undo and the export hold played jobs exactly as clicked ones.
 * Pausing, a refused enqueue, the end of a burst or unmounting stops the loop.
 */
export function usePlayer(store: AppStore, rate: number): Player {
  const [playing, setPlaying] = useState(false);
  const [remaining, setRemaining] = useState(Number.POSITIVE_INFINITY);
  const [played, setPlayed] = useState(0);
  const remainingRef = useRef(Number.POSITIVE_INFINITY);

  useEffect(() => {
    if (!playing) return;
    let carry = firstCarry(rate);
    let last: number | null = null;
    let frame = 0;
    let rest = false;
    const onFrame = (time: number) => {
      // fast plays on a frozen clock land every other frame (EVERY_OTHER_FRAME_ABOVE); the frame between is left free
      if (rate > EVERY_OTHER_FRAME_ABOVE && store.getState().clockMode === 'frozen' && last !== null && (rest = !rest)) {
        frame = requestAnimationFrame(onFrame);
        return;
      }
      const tick = playTick(carry, last === null ? 0 : time - last, rate, remainingRef.current);
      last = time;
      carry = tick.carryMs;
      // one enqueue(1) operation per job, published together: the views re-read the sets once a frame
      const done = tick.jobs > 0 ? store.getState().enqueueEach(tick.jobs) : 0;
      const refused = done < tick.jobs;
      if (done > 0) {
        remainingRef.current -= done;
        setRemaining(remainingRef.current);
        setPlayed((n) => n + done);
      }
      if (refused || remainingRef.current <= 0) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(onFrame);
    };
    frame = requestAnimationFrame(onFrame);
    return () => cancelAnimationFrame(frame);
  }, [playing, rate, store]);

  const play = useCallback((count = Number.POSITIVE_INFINITY) => {
    remainingRef.current = count;
    setRemaining(count);
    setPlayed(0);
    setPlaying(true);
  }, []);
  const pause = useCallback(() => setPlaying(false), []);
  const resume = useCallback(() => {
    if (remainingRef.current <= 0) {
      remainingRef.current = Number.POSITIVE_INFINITY;
      setRemaining(remainingRef.current);
    }
    setPlaying(true);
  }, []);
  const step = useCallback(() => {
    setPlaying(false);
    store.getState().enqueue(1);
  }, [store]);
  const playInstantly = useCallback(
    (count: number) => {
      setPlaying(false);
      const done = store.getState().enqueueEach(count);
      remainingRef.current = 0;
      setRemaining(0);
      setPlayed(done);
    },
    [store],
  );

  return { playing, remaining, played, play, pause, resume, step, playInstantly };
}
