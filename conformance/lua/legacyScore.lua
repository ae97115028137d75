--[[
  The score before BullMQ 5.8.6: the fire-time shifted twelve bits plus the low twelve bits of
  the job counter, through Redis's LuaBitOp.
  ARGV[1] fire-time (ms), ARGV[2] counter
  Returns { score, slot } as exact text.
]]
local slot = bit.band(tonumber(ARGV[2]), 0xfff)
return { string.format("%.17g", tonumber(ARGV[1]) * 0x1000 + slot), string.format("%.17g", slot) }
