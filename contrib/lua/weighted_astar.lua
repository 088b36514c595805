-- SPDX-License-Identifier: BSD-3-Clause
-- Copyright (c) the spin-dmc authors
-- weighted_astar.lua -- weighted A*: f = g + 2 * hU.
--
--   dmc check MODEL.pml --lua contrib/lua/weighted_astar.lua
--
-- A purely declarative script: spin-dmc reads these settings once, before
-- the search, and runs its native code; no Lua runs per state.  It is the
-- same search as
--
--   dmc check MODEL.pml --search wastar --weight 2 --heuristic hU
--
-- Weighted A* trades optimality for speed: the trail is at most W times
-- longer than the shortest when h is admissible (hU is not; hL is).

search = "astar"

-- f = weights.g * g + (sum of weight * h over the heuristics named here).
-- With search = "astar" the weights are the whole story; with
-- search = "wastar" the heuristic part is also multiplied by weight (W).
weights = { g = 1, hU = 2 }

-- Among states with the same f, expand the one with the smaller h first
-- ("h", the default for astar); "deep" (larger g), "g" (smaller g) and
-- "fifo" are the alternatives.
tie = "h"
