/* Never claim for <>[] (x == 7): x never reaches 7. */
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
	:: x == 7 -> goto accept_S1
	od;
accept_S1:
	do
	:: x == 7
	od
}
