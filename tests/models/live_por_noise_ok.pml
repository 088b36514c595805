/*
 * live_por_noise_ok.pml -- no acceptance cycle, and independent noise
 * (partial-order reduction in the nested DFS; tests/e2e/liveness.sh).
 * P passes its accept label once per round of a handshake with Q over
 * globals, for three rounds; the noise processes count on local
 * variables (safe transitions) and stop.  Every state is visited by the
 * outer search, and the nested searches run from P's accepting states.
 */
byte turn, rounds;
active proctype P() {
	do
	:: rounds < 3 ->
accept:		turn == 0 -> turn = 1
	:: rounds == 3 -> break
	od
}
active proctype Q() {
	do
	:: turn == 1 -> rounds++; turn = 0
	:: rounds == 3 -> break
	od
}
active [3] proctype N() { byte c; do :: c < 4 -> c++ :: c == 4 -> break od }
