/* The never claim cannot make its first step (x is 0 in the initial
 * state): the product has no initial state, so no violation. */
byte x;
active proctype P() { x = 1 }
never {
	x == 1 ->
accept:	do
	:: true
	od
}
