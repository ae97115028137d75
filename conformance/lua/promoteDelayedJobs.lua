--[[
  Takes the due head of the delayed set: at most ARGV[2] jobs scored from 0 up to the top of
  the current millisecond's band, removed in one ZREM. Returns their ids in score order.
  KEYS[1] delayed key
  ARGV[1] now (ms), ARGV[2] limit
]]
local now = tonumber(ARGV[1])
local due = redis.call("ZRANGEBYSCORE", KEYS[1], 0, (now + 1) * 0x1000 - 1, "LIMIT", 0, tonumber(ARGV[2]))
if #due > 0 then
  redis.call("ZREM", KEYS[1], unpack(due))
end
return due
