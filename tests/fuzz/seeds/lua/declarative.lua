search = "greedy"
heuristic = "hU"
target = "assert"
beam = 1000
budget = 5000
