-- SPDX-License-Identifier: BSD-3-Clause
-- Copyright (c) the spin-dmc authors
-- max_hl_du.lua -- A* on the maximum of two heuristics: h = max(hL, dU).
--
--   dmc check MODEL.pml --lua contrib/lua/max_hl_du.lua
--
-- hL (relaxed planning on the abstract model) and dU (control-flow
-- distance, summed over the target's locations) see different things:
-- hL follows data, dU the processes' control flow.  Their maximum is at
-- least as informed as either.  It is admissible when both are (hL is;
-- dU is not, so use dL for a guaranteed shortest trail:
-- weights = { hL = 1, dL = 1 }).
--
-- Declarative: no Lua per state.  A state either heuristic proves to be a
-- dead end (infinity) is a dead end of the combination too, and may be
-- pruned.

search = "astar"
weights = { hL = 1, dU = 1 }   -- weights of the terms; g has weight 1
combine = "max"                -- "sum" (the default) adds the weighted terms
