/* array_const_ok.pml -- arrays indexed by constants.
 * Three tokens circulate among the slots of an array: each mover process
 * takes a token from one fixed slot and puts it into the next (constant
 * indices, inside an atomic sequence).  A checker asserts that no token
 * is created or lost and that no slot holds more than all of them.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (15 states stored),
 *   DFS errors: 0 (11 states stored).
 */
#define T 3

byte slot[3];

init {
	atomic {
		slot[0] = T;
		run mover01(); run mover12(); run mover20(); run checker()
	}
}

proctype mover01() { do :: atomic { slot[0] > 0 -> slot[0]--; slot[1]++ } od }
proctype mover12() { do :: atomic { slot[1] > 0 -> slot[1]--; slot[2]++ } od }
proctype mover20() { do :: atomic { slot[2] > 0 -> slot[2]--; slot[0]++ } od }

proctype checker()
{
	do
	:: assert(slot[0] + slot[1] + slot[2] == T)   /* tokens are conserved */
	:: assert(slot[0] <= T && slot[1] <= T && slot[2] <= T)
	od
}
