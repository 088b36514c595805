/*
 * Two ltl formulas; pan's -N b chooses the second.  Only the running
 * claim's states are targets: formula a's (x reaches 6, quickly) is not
 * checked in this run and must not attract the search, which has to
 * find y = 7 for formula b.  SPIN's BFS with -N b is the reference.
 */
// pan-options: -N b
byte x, y;
active proctype p() {
	do
	:: x < 9 -> x++
	:: y < 9 -> y++
	:: x > 0 -> x--
	od
}
ltl a { [](x != 6) }
ltl b { [](y != 7) }
