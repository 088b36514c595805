/*
 * live_noise.pml -- an acceptance cycle deep behind noise processes.
 *
 * Process P walks through 24 steps of its own control flow, then loops
 * forever in an accept-labelled state: pan -a finds an acceptance cycle.
 * Three noise processes (higher pids, which SPIN's DFS tries first) count
 * modulo K on global variables, so partial-order reduction cannot hide
 * them: SPIN's nested DFS explores the noise under every step of P before
 * P reaches its accepting loop.  The nested DFS guided by the automaton
 * distance to the accept label (dmc check -a, --guide fsm) moves P first.
 */
#define K 6
#define S4 x++; x++; x++; x++
#define S24 S4; S4; S4; S4; S4; S4
byte x, c1, c2, c3;
bool b;

active proctype P() {
	S24;
accept:	do
	:: b = !b
	od
}
active proctype N1() { do :: c1 = (c1 + 1) % K od }
active proctype N2() { do :: c2 = (c2 + 1) % K od }
active proctype N3() { do :: c3 = (c3 + 1) % K od }
