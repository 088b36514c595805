-- SPDX-License-Identifier: BSD-3-Clause
-- Copyright (c) the spin-dmc authors
-- counter_noise_estimate.lua -- a model-specific estimate for
-- contrib/models/counter_noise.pml.
--
--   dmc check contrib/models/counter_noise.pml --lua contrib/lua/counter_noise_estimate.lua --no-por
--
-- (--no-por: with partial-order reduction the noise processes' local
-- steps would have to be taken first, whatever the estimate says.)
-- In that model the assertion fails when the global `count` reaches GOAL
-- (30 unless the model is compiled with -DGOAL=...).  Every increment takes
-- three steps of the process `counter`: the guard, count++, and the
-- assertion; the noise processes never help.  Which of the three comes
-- next is counter's control state; pan numbers them (spin -d MODEL.pml
-- lists them; or print(c.state, c.line) from priority) as
--     4  top of the loop (line 38)       3 * (GOAL - count) steps left
--     2  guard passed (line 38)          one fewer
--     3  at the assertion (line 39)      1 + 3 * (GOAL - count): count
--                                        was just incremented
-- The estimate is exact, so A* with it still finds the shortest trail
-- (90 steps) and never expands a noise process's move: 90 states
-- expanded, under a thousand stored, where SPIN's breadth-first search
-- stores 2.6 million.
--
-- priority(s) is called once per generated state.  s.g is the state's
-- depth; s.var.NAME reads a global variable; s.proc.NAME is the process
-- of proctype NAME (s.proc[PID] by pid), with .state, .line and its local
-- variables by name.

local GOAL = 30                -- the model's GOAL
local extra = { [4] = 0, [2] = -1, [3] = 1 }   -- by counter's control state

search = "astar"
tie = "deep"                   -- among equal f, the deeper state first

function priority(s)
	local left = 3 * (GOAL - s.var.count) + (extra[s.proc.counter.state] or 0)
	if left < 0 then left = 0 end
	return s.g + left          -- A*: f = g + h; smaller is expanded first
end
