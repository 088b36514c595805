/* The claim ends in the initial state (x is 0 there) under -a: the trail
 * is the claim's move alone.  SPIN 6.5.2 pan -a: errors 1. */
byte x;
active proctype P() {
	x = 1;
	x = 2
}
never {
accept_init:
	do
	:: x == 0 -> break
	:: else
	od
}
