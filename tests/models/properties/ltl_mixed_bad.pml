/* Two formulas: a safety one that fails (the claim's assertion: its
 * trail replays to "assertion violated") and one that holds. */
byte x;
active proctype p() {
	do
	:: x < 5 -> x++
	:: x == 5 -> x = 0
	od
}
ltl below5 { [] (x < 5) }
ltl atmost5 { [] (x <= 5) }
