/* ltl_until_bad.pml -- SPIN translates the ltl formula into a claim whose
 * assert fails (x is 1 before it is 2), in a move SPIN merges into the
 * guard of the claim's second option.  The trail must end with that
 * move, not the first option's (!(x == 2)), or spin -t shows no
 * assertion violated (found by the differential tester, seed 5028).
 * SPIN 6.5.2 pan: errors 1.
 */

byte x;
active proctype P() {
	x = 1;
	x = 2
}

ltl u { !(x == 1) U (x == 2) }
