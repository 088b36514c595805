/* A never claim with an accept label reaches its end (x == 3): "end
 * state in claim reached", found by the outer search of -a.  The trail
 * ends with the claim's move to its end, where spin -t shows the claim
 * at a valid end state.  SPIN 6.5.2 pan -a: errors 1. */
byte x;
active proctype P() {
	do
	:: x < 4 -> x++
	:: x == 4 -> x = 0
	od
}
never {
accept_init:
	do
	:: x < 3
	:: x == 3 -> break
	od
}
