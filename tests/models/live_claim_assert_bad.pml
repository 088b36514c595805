/* An ltl safety formula under -a: SPIN's claim for [] (x < 5) fails an
 * assert in the claim's move after x reaches 5, a safety error the outer
 * search of the nested DFS finds.  The trail must end with the claim's
 * move after the last step, or spin -t never reaches the assertion
 * (issue 37: 20 of SPIN's 21 steps).  SPIN 6.5.2 pan -a: errors 1. */
byte x;
active proctype P() {
	do
	:: x < 5 -> x++
	:: x == 5 -> x = 0
	od
}
ltl s { [] (x < 5) }
