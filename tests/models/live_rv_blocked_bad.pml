/*
 * A system that blocks on rendezvous offers nobody takes: the producer
 * offers 0 and 1, the consumer only takes 2.  pan -DBFS counts each
 * offer as a move into a mid-rendezvous state and finds out only when
 * it expands that state that the receive fails; SPIN's DFS sees a state
 * without a move and extends the run by stuttering, so the claim's
 * acceptance cycle is there: done never becomes true.
 */
chan c = [0] of { byte };
bool done;
active proctype Producer() {
	if
	:: c ! 0
	:: c ! 1
	fi;
	done = true
}
active proctype Consumer() {
	c ? 2
}
ltl finishes { <> done }
