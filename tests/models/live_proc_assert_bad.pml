/* A process's assertion under -a with a claim that has accepting states
 * (ltl [] p): the nested DFS finds the assertion, the claim never fails.
 * The trail ends with the assert step itself.  SPIN 6.5.2 pan -a:
 * errors 1. */
byte x;
active proctype P() {
	do
	:: x < 4 -> x++
	:: x == 4 -> assert(x < 4)
	od
}
active proctype Q() {
	byte i;
	do
	:: i < 3 -> i++
	:: i == 3 -> i = 0
	od
}
ltl s { [] (x < 10) }
