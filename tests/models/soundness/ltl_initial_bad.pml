/* ltl_initial_bad.pml -- the claim's assert fails in the initial state
 * (x is 0, which the formula forbids before x is 2): a trail of the
 * claim's move alone (pan's BFS writes none; found by the differential
 * tester, seed 5016).  SPIN 6.5.2 pan: errors 1.
 */

byte x;
active proctype P() {
	x = 1;
	x = 2
}

ltl u { !(x == 0) U (x == 2) }
