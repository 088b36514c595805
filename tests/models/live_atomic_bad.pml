/* Atomic updates; the second process may take over for good. */
byte a, b;
active proctype P() {
	do
	:: atomic { a < 3 -> a++; b = 0 }
	:: atomic { a == 3 -> a = 0 }
	od
}
active proctype Q() {
	do
	:: atomic { b < 2 -> b++ }
	:: atomic { b == 2 -> b = 1 }
	od
}
ltl a_moves { [] <> (a == 3) }
