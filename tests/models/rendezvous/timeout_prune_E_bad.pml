/* pan-options: -E
 * P's offer on c fails, so SPIN's DFS tries timeout and P's assertion
 * fails.  After the offer the assertion is unreachable: a heuristic that
 * proves dead ends (hL, hU, dL; pruning is on with -E) gives the
 * mid-rendezvous state h = infinity, and pruning it would hide that the
 * offer fails. */
chan c = [0] of { byte };
active proctype P() {
	if
	:: c!0
	:: timeout -> assert(false)
	fi
}
