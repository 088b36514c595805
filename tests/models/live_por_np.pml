/*
 * live_por_np.pml -- non-progress cycles with partial-order reduction
 * (tests/e2e/liveness.sh, -l).  P's loop passes a progress label; moves
 * into and out of it are visible to the non-progress claim, so POR must
 * not expand P alone there.  N counts on a local variable and stops, so
 * every infinite run loops in P through progress: no non-progress cycle.
 */
byte y;
active proctype N() { byte c; do :: c < 5 -> c++ :: c == 5 -> break od }
active proctype P() {
	byte k;
	do
	:: k = 1 - k;
progress:	y = k
	od
}
