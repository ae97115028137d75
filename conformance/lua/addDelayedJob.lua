--[[
  Adds a delayed job (after getDelayedScore.lua).
  KEYS[1] delayed key
  ARGV[1] job id, ARGV[2] timestamp (ms), ARGV[3] delay (ms)
  Returns { score, fire-time } as exact text.
]]
local score, fireTime = getDelayedScore(KEYS[1], ARGV[2], tonumber(ARGV[3]))
redis.call("ZADD", KEYS[1], score, ARGV[1])
return { exact(score), exact(fireTime) }
