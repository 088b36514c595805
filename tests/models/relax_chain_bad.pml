/* relax_chain_bad.pml -- seed 000, Fig. 2 in Promela: a chain of automata
 * handing a signal on over rendezvous channels.  A1 passes it to A2, A2
 * to A3, A3 to A4; each Ai but the first may instead commit to a dead
 * end, after which the signal can never reach the last automaton.  The
 * error: A4 receives the signal (assert(false) there).
 * Expected verdict: violation.  hL = hU = 7 in the initial state, the
 * exact distance: 3 rendezvous of 2 pan steps each (the send, then the
 * receive) and the assert; with the paper's count (a rendezvous is one
 * step) it would be 4.  Every dead-end state has h = infinity.
 * SPIN 6.5.2 (-DBFS -DNOREDUCE -E): errors 1, trail 7 steps.
 */
// pan-options: -E
chan c1 = [0] of { bit };
chan c2 = [0] of { bit };
chan c3 = [0] of { bit };

active proctype A1() { c1!1 }
active proctype A2() {
	bit x;
	if
	:: c1?x -> c2!1
	:: true -> dead: skip
	fi
}
active proctype A3() {
	bit x;
	if
	:: c2?x -> c3!1
	:: true -> dead: skip
	fi
}
active proctype A4() {
	bit x;
	if
	:: c3?x -> assert(false)
	:: true -> dead: skip
	fi
}
