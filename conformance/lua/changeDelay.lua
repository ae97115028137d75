--[[
  Re-delays a job already in the delayed set (after getDelayedScore.lua). The score is read
  while the job is still in the set, so a job re-delayed into its own millisecond moves one up.
  KEYS[1] delayed key
  ARGV[1] job id, ARGV[2] timestamp (ms), ARGV[3] delay (ms)
  Returns { score, fire-time } as exact text, or -3 when the job is not in the set.
]]
local score, fireTime = getDelayedScore(KEYS[1], ARGV[2], tonumber(ARGV[3]))
if redis.call("ZREM", KEYS[1], ARGV[1]) < 1 then
  return -3
end
redis.call("ZADD", KEYS[1], score, ARGV[1])
return { exact(score), exact(fireTime) }
