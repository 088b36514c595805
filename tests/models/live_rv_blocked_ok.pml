/*
 * Like live_rv_blocked_bad.pml, but one of the two offers is taken: the
 * state whose moves are offers is not blocked (SPIN's DFS sees one
 * executable send), and every run reaches done; a stutter successor
 * there would be a false acceptance cycle.
 */
chan c = [0] of { byte };
bool done;
active proctype Producer() {
	if
	:: c ! 1
	:: c ! 0
	fi;
	done = true
}
active proctype Consumer() {
	c ? 0
}
ltl finishes { <> done }
