search = 'greedy'
heuristics = { 'dU', 'hL' }
weights = { 2, 1 }
combine = 'sum'
tie = 'lifo'
beam = function(depth) return 10 + depth end
budget = 100000
function priority(s)
  local t = { s.g, s.h, s.dU }
  local ok, v = pcall(function() return s.n + #t end)
  return (ok and v or 0) + s.g * 2
end
