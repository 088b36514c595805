/* An unnamed never claim with an accept label: x stays 0 forever when Q
 * never runs.  pan -a finds the acceptance cycle; a safety search cannot. */
byte x;
bool t;
active proctype P() {
	do
	:: t = !t
	od
}
active proctype Q() {
	x = 1
}
never {
	do
	:: x == 0 -> goto accept
	od;
accept:
	do
	:: x == 0
	od
}
