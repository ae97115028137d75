--[[
  firetime's own Lua of BullMQ's getDelayedScore (>= 5.8.6), written for the conformance suite.
  Not a script on its own: the suite puts this text in front of addDelayedJob.lua and
  changeDelay.lua, the way BullMQ's build inlines its includes.
  Returns the score for a job due at timestamp + delay (a delay counts only when above zero)
  and that fire-time: the band floor when the millisecond is empty, one above its highest score,
  or the band ceiling once the band is full.
]]
local function getDelayedScore(delayedKey, timestamp, delay)
  local fireTime = tonumber(timestamp)
  if delay > 0 then
    fireTime = fireTime + delay
  end
  local floor = fireTime * 0x1000
  local ceiling = (fireTime + 1) * 0x1000 - 1
  local highest = redis.call("ZREVRANGEBYSCORE", delayedKey, ceiling, floor, "WITHSCORES", "LIMIT", 0, 1)
  local highestScore = tonumber(highest[2])
  if highestScore == nil then
    return floor, fireTime
  end
  if highestScore >= ceiling then
    return ceiling, fireTime
  end
  return highestScore + 1, fireTime
end

-- A Lua number returned from a script becomes a truncated integer reply: send exact text instead.
local function exact(number)
  return string.format("%.17g", number)
end
