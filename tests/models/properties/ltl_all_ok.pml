/* Three formulas that hold: each is checked, each answered. */
byte x;
active proctype P() {
	do
	:: x < 3 -> x++
	:: x == 3 -> x = 0
	od
}
ltl bounded { [] (x <= 3) }
ltl returns { [] <> (x == 0) }
ltl steps { [] (x == 3 -> <> (x == 0)) }
