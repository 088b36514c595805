/* One process, atomic steps: a keeps cycling through 3. */
byte a, b;
active proctype P() {
	do
	:: atomic { a < 3 -> a++; b = a }
	:: atomic { a == 3 -> a = 0; b = 0 }
	od
}
ltl a_cycles { [] <> (a == 3) && [] (b == a) }
