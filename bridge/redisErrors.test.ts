import { describe, expect, it } from 'vitest';
import { RefusedCommandError } from './allowList.ts';
import { ClusterDownError, describeFailure } from './redisErrors.ts';
import type { FailureContext } from './redisErrors.ts';
import { UnreadableReplyError } from './replyGuard.ts';
import { UnexpectedReplyError } from './replies.ts';

const context: FailureContext = {
  shownUrl: 'redis://:***@cache:6379',
  commandTimeoutMs: 500,
  secrets: ['hunter2'],
  lastConnectionError: null,
};
const replyError = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });
const offline = new Error("Stream isn't writeable and enableOfflineQueue options is false");

describe('describeFailure', () => {
  it('a refused connection: Redis is down, with the reason', () => {
    const failure = describeFailure(offline, {
      ...context,
      lastConnectionError: new Error('connect ECONNREFUSED 127.0.0.1:6379'),
    });
    expect(failure).toEqual({
      status: 502,
      code: 'redis-down',
      message:
        'Cannot reach Redis at redis://:***@cache:6379 (connect ECONNREFUSED 127.0.0.1:6379): is redis-server running there? The bridge keeps trying to reconnect.',
    });
  });

  it('a command timeout: too slow, naming the timeout', () => {
    expect(describeFailure(new Error('Command timed out'), context)).toMatchObject({ status: 504, code: 'redis-timeout' });
    expect(describeFailure(new Error('Command timed out'), context).message).toContain('did not reply within 500 ms');
  });

  it('NOAUTH: a password is needed', () => {
    const failure = describeFailure(replyError('NOAUTH Authentication required.'), context);
    expect(failure.code).toBe('redis-auth');
    expect(failure.message).toContain('needs a password (NOAUTH)');
  });

  it('WRONGPASS at connect: the password was refused (the connection then looks down)', () => {
    const failure = describeFailure(offline, {
      ...context,
      lastConnectionError: replyError('WRONGPASS invalid username-password pair or user is disabled.'),
    });
    expect(failure.code).toBe('redis-auth');
    expect(failure.message).toContain("refused the bridge's user or password (WRONGPASS)");
  });

  it('WRONGTYPE and other replies', () => {
    expect(describeFailure(replyError('WRONGTYPE Operation against a key holding the wrong kind of value'), context).code).toBe(
      'wrong-type',
    );
    expect(describeFailure(replyError('ERR unknown command'), context)).toMatchObject({
      code: 'redis-error',
      message: 'Redis at redis://:***@cache:6379 answered with an error: ERR unknown command',
    });
  });

  it('a reply the bridge could not read: said as such, not as an error Redis answered', () => {
    expect(describeFailure(new UnreadableReplyError('nested too deeply to parse'), context)).toEqual({
      status: 502,
      code: 'redis-error',
      message:
        'Redis at redis://:***@cache:6379 sent a reply the bridge could not read (nested too deeply to parse): the bridge dropped that connection and reconnects.',
    });
    expect(describeFailure(new UnexpectedReplyError('SCAN'), context)).toEqual({
      status: 502,
      code: 'redis-error',
      message:
        'Redis at redis://:***@cache:6379 sent a reply the bridge could not read (SCAN got a reply of another shape than Redis gives): is it a Redis server?',
    });
  });

  it('a cluster that says it is down: said so, why, and what to do; a slot with no master: said so', () => {
    const down = describeFailure(new ClusterDownError('CLUSTERDOWN The cluster is down'), context);
    expect(down).toMatchObject({ status: 503, code: 'redis-down' });
    expect(down.message).toMatch(
      /^The Redis Cluster at redis:\/\/:\*\*\*@cache:6379 refused the read: the cluster reports itself down \(CLUSTERDOWN The cluster is down\): a master does not answer and the cluster requires full coverage/,
    );
    expect(down.message).toContain('set cluster-require-full-coverage no');
    const unserved = describeFailure(new ClusterDownError('CLUSTERDOWN Hash slot not served'), context);
    expect(unserved.message).toContain("no master serves this key's slot (CLUSTERDOWN Hash slot not served)");
  });

  it('a refused command is reported as such', () => {
    expect(describeFailure(new RefusedCommandError('ZADD'), context)).toMatchObject({ status: 403, code: 'refused-command' });
  });

  it('scrubs the password from any message', () => {
    const failure = describeFailure(replyError('ERR something about hunter2'), context);
    expect(failure.message).not.toContain('hunter2');
    expect(failure.message).toContain('something about ***');
  });
});

describe('describeFailure after a refused password', () => {
  it('NOAUTH behind a WRONGPASS at connect still says the password was refused', () => {
    const failure = describeFailure(replyError('NOAUTH Authentication required.'), {
      ...context,
      lastConnectionError: replyError('WRONGPASS invalid username-password pair'),
    });
    expect(failure.message).toContain('(WRONGPASS)');
  });
});
