/* never_claim_bad.pml -- a hand-written never claim (safety).
 * Two processes count x and y up to 3, one step at a time, in any
 * interleaving.  The never claim describes the bad behaviour "x reaches 2
 * while y is still 0, and afterwards x reaches 3 before y moves": if the
 * claim can run to its closing brace, the behaviour exists.  It does.
 * Expected verdict: violation (end state in claim reached).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (36 states stored, trail 7 steps),
 *   DFS errors: 1 (66 states stored, trail 16 steps).
 */
byte x = 0, y = 0;

active proctype countx() { do :: x < 3 -> x++ :: else -> break od }
active proctype county() { do :: y < 3 -> y++ :: else -> break od }

never {
	/* phase 1: wait until x >= 2 with y still 0 */
	do
	:: x >= 2 && y == 0 -> break
	:: else -> skip
	od;
	/* phase 2: y must stay 0 until x == 3 */
	do
	:: x == 3 && y == 0 -> break
	:: x < 3 && y == 0 -> skip
	od
	/* reaching here: the claim is matched, a violation */
}
