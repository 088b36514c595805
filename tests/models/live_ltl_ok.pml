/* Strict alternation: every request is served, forever. */
bool turn;
byte served;
active proctype A() {
	do
	:: turn == 0 -> served = 1; turn = 1
	od
}
active proctype B() {
	do
	:: turn == 1 -> served = 2; turn = 0
	od
}
ltl fair_turns { [] (<> (served == 1) && <> (served == 2)) }
