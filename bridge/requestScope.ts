/**
 * One data request's hold on Redis: its commands go through `call`, which stops sending once the
 * request is over, whether its client went away (the page gave up, a tab closed) or it ran past
 * its deadline. Commands already sent are not waited for: they are rejected at once, so the route
 * unwinds and the read slot is free for the next request, while Redis's replies to them are
 * simply dropped when they come.
 *
 * The silence timer of bridge/replyGuard.ts alone does not end a request: a server sending one
 * byte every few hundred ms keeps it hearing something, and each request would hold its slot for
 * as long as the drip lasts.
 */
import type { ReadOnlyCall } from './allowList.ts';

/** How long one data request may take, start to end (ms): the page gives up on a reply after 10 s. */
export const REQUEST_DEADLINE_MS = 8000;

/** The request's client went away before its reply: nobody reads the answer, so none is worked on. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before the reply');
    this.name = 'ClientGoneError';
  }
}

/** The request ran past its deadline (said as the 504 it becomes). */
export class DeadlineError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`the request took longer than the bridge allows one (${deadlineMs / 1000} s)`);
    this.name = 'DeadlineError';
  }
}

/** Starts a timer; gives the function that clears it (injected by tests). */
export type StartTimer = (run: () => void, ms: number) => () => void;

const realTimer: StartTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export class RequestScope {
  private ended: Error | null = null;
  private readonly waiting = new Set<(error: Error) => void>();
  private readonly stopTimer: () => void;
  /** Commands sent through `call` so far. */
  sent = 0;

  constructor(
    private readonly inner: ReadOnlyCall,
    readonly deadlineMs: number = REQUEST_DEADLINE_MS,
    startTimer: StartTimer = realTimer,
  ) {
    this.stopTimer = startTimer(() => this.end(new DeadlineError(deadlineMs)), deadlineMs);
  }

  /** Why the request is over, or null while it runs. */
  get reason(): Error | null {
    return this.ended;
  }

  /** Ends the request: no command is sent after this, and every one still waiting fails with `reason`. */
  end(reason: Error): void {
    if (this.ended !== null) return;
    this.ended = reason;
    this.stopTimer();
    for (const reject of this.waiting) reject(reason);
    this.waiting.clear();
  }

  /** The request finished on its own: the deadline no longer runs. */
  finish(): void {
    this.stopTimer();
  }

  readonly call: ReadOnlyCall = (command, ...args) => {
    if (this.ended !== null) return Promise.reject(this.ended);
    this.sent++;
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      this.waiting.add(fail);
      this.inner(command, ...args).then(
        (reply) => {
          this.waiting.delete(fail);
          resolve(reply);
        },
        (error: unknown) => {
          this.waiting.delete(fail);
          reject(error);
        },
      );
    });
  };
}
