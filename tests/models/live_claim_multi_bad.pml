/* live_claim_assert_bad with two processes: the claim's assert fails in
 * the move after whichever process completes x == 3 && y == 2.  SPIN
 * 6.5.2 pan -a: errors 1. */
byte x, y;
active proctype P() {
	do
	:: x < 3 -> x++
	:: x == 3 -> x = 0
	od
}
active proctype Q() {
	do
	:: y < 2 -> y++
	:: y == 2 -> y = 0
	od
}
ltl s { [] !(x == 3 && y == 2) }
