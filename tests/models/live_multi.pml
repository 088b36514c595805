/* Several ltl formulas, some hold, some fail (each checked with --ltl).
 * unfair fails only because nothing forces P to move: Q may run forever
 * (no fairness). */
byte x;
bool t;
active proctype P() {
	do
	:: x < 2 -> x++
	:: x == 2 -> x = 0
	od
}
active proctype Q() {
	do
	:: t = !t
	od
}
ltl ok1 { [] (x <= 2) }
ltl unfair { [] (x == 2 -> <> (x == 0)) }
ltl bad1 { [] <> (x == 2) }
ltl bad2 { <> [] (x != 1) }
