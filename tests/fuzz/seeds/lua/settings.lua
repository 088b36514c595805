search = 'astar'
weights = { g = 1, hL = 2, dU = 1 }
combine = 'max'
tie = 'deep'
beam = function(depth) return 10 + depth end
budget = 100000
function priority(s)
  local t = { s.g, s.h, s.dU }
  local ok, v = pcall(function() return s.var.n + s.var.a[2] + #t end)
  return (ok and v or 0) + s.g * 2 + s.proc[1].state + s.proc.P.i
end
