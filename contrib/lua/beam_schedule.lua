-- SPDX-License-Identifier: BSD-3-Clause
-- Copyright (c) the spin-dmc authors
-- beam_schedule.lua -- beam search whose width changes with the depth.
--
--   dmc check MODEL.pml --lua contrib/lua/beam_schedule.lua
--
-- Beam search keeps, at each depth (g), only the K states with the best
-- heuristic value.  Near the initial state a wide beam costs little and
-- avoids committing early to a bad branch; deeper down a narrow beam keeps
-- the search fast.  The schedule below maps a depth to the width used
-- from that depth on; it is read once, before the search (no Lua per
-- state).  Beam search is incomplete: "no violation" after it dropped
-- states is reported as incomplete (exit 3).

search = "beam"
heuristic = "hf"

beam = {
	[0]   = 2000,          -- depths 0..19: 2000 states per layer
	[20]  = 500,           -- depths 20..99
	[100] = 100,           -- from depth 100 on
}

-- The same as a function of the depth, called once per new layer (not
-- per state); e.g. a width that halves every 25 layers, never below 50:
--
-- beam = function(depth)
--	return math.max(50, 2000 // 2 ^ (depth // 25))
-- end
