/* claim_initial_bad.pml -- the never claim ends in the initial state
 * (x is 0 there).  pan's BFS writes the error with no step at all: the
 * claim's own move, which ends it, must be the trail's one step, or
 * spin -t never shows the claim at its end (found by the differential
 * tester, seed 5001).  SPIN 6.5.2 pan: errors 1.
 */
// replay: claim

byte x;
active proctype P() {
	x = 1;
	x = 2
}

never {
	do
	:: x == 0 -> break
	:: else
	od
}
