/* A hand-written never claim for <>[] (x < 2): x may stay below 2 forever. */
byte x;
active proctype P() {
	do
	:: x < 4 -> x++
	:: x > 0 -> x--
	od
}
never {
T0:	do
	:: true
	:: x < 2 -> goto accept_S1
	od;
accept_S1:
	do
	:: x < 2
	od
}
