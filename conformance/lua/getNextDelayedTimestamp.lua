--[[
  The next wake time: the head's score divided by 0x1000, not floored.
  KEYS[1] delayed key
  Returns it as exact text, or nil for an empty set.
]]
local head = redis.call("ZRANGE", KEYS[1], 0, 0, "WITHSCORES")
local headScore = tonumber(head[2])
if headScore == nil then
  return false
end
return string.format("%.17g", headScore / 0x1000)
