/* Two processes offer the same message and stay where they are, so both
 * offers give the same mid-rendezvous vector; only the sender differs,
 * and the sender cannot take its own offer.  pan -DBFS's store drops the
 * second offer as old, so P[1] never receives and the assertion (found
 * by SPIN's DFS) is missed. */
chan c = [0] of { byte };
byte got[2];
active [2] proctype P() {
	do
	:: c!0
	:: c?0 -> got[_pid] = 1
	od
}
active proctype W() { got[1] == 1 -> assert(false) }
