/* mtype_proto_ok.pml -- mtype messages over a buffered channel.
 * A sender transmits an alternating sequence of `data` and `ctrl`
 * messages tagged with mtype; the receiver checks that the tags alternate
 * and that the payloads are increasing; finally the sender sends `eof`.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (101 states stored),
 *   DFS errors: 0 (101 states stored).
 */
mtype = { data, ctrl, eof };

chan link = [2] of { mtype, byte };

active proctype sender()
{
	byte i;
	for (i : 1 .. 4) {
		link ! data(i);
		link ! ctrl(i)
	}
	link ! eof(0)
}

active proctype receiver()
{
	mtype last = ctrl, m;
	byte prev = 0, x;
	do
	:: link ? m, x ->
		if
		:: m == eof -> break
		:: m == data -> assert(last == ctrl && x == prev + 1)
		:: m == ctrl -> assert(last == data && x == prev)
		fi;
		last = m;
		prev = x
	od
}
