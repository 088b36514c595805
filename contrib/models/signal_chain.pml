/* signal_chain.pml -- seed 000's Fig. 2 at scale: a chain of N automata
 * handing a signal on over rendezvous channels; each automaton but the
 * first may instead commit to a dead end, after which the signal can
 * never reach the last one.  In the dead end an automaton keeps busy
 * (a local counter going round), as a process that took a wrong turn
 * does: the dead-end part of the state space is large.
 *
 * The error: the last automaton receives the signal (the assert).
 * Shortest trail (N = 8): 29 steps -- every automaton's first guard
 * (_pid == 0 / _pid > 0), the first send, a rendezvous (2 pan steps) per
 * hand-over and the assert.  hU is exact in the initial state (29); hL
 * is 22 (the ATG takes the automata's first guards in parallel).  Both
 * are infinity in every state where an automaton has committed to its
 * dead end: those states are pruned.
 * SPIN 6.5.2 -DBFS -DNOREDUCE -E stores 999,589 states, DFS 535,510;
 * greedy search with hL stores 190 and finds the 29-step trail.
 *
 * Expected verdict: violation.  Compile-time knob: N (default 8, spin
 * -DN=...).  Written for spin-dmc.
 */
// pan-options: -E
#ifndef N
#define N 8
#endif

chan sig[N] = [0] of { bit };

active [N] proctype A()
{
	bit x;
	byte busy;
	if
	:: _pid == 0 -> sig[0]!1
	:: _pid > 0 ->
		if
		:: sig[_pid - 1]?x ->
			assert(_pid < N - 1);   /* the signal reached the last one */
			sig[_pid]!1
		:: true ->
dead:			do
			:: busy = (busy + 1) % 4
			od
		fi
	fi
}
