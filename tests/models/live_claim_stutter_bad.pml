/* The claim's assert fails in a stutter step: P blocks after x = 1, and
 * the claim, having seen x == 1, moves alone (SPIN's stutter extension
 * of -a) to assert(x == 2).  The trail ends with that claim move and no
 * process step.  SPIN 6.5.2 pan -a: errors 1. */
byte x;
active proctype P() {
	x = 1;
	false
}
never {
accept_init:
	do
	:: x == 1 -> break
	:: else
	od;
	assert(x == 2)
}
