/*
 * live_por_noise_bad.pml -- an acceptance cycle behind independent noise
 * (partial-order reduction in the nested DFS; tests/e2e/liveness.sh).
 * The noise processes count on local variables only (safe transitions:
 * POR expands one of them alone) and stop; P counts locally, then loops
 * in an accept-labelled state toggling a global: pan -a finds a cycle.
 */
byte x;
active proctype P() {
	byte i;
	do
	:: i < 20 -> i++
	:: i == 20 -> break
	od;
	x = 1;
accept:	do
	:: x = 1 - x
	od
}
active [3] proctype N() { byte c; do :: c < 6 -> c++ :: c == 6 -> break od }
