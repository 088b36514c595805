/* rv_servers_deadlock.pml -- written for spin-dmc's guidance corpus.
 * Two servers that serve clients' requests over rendezvous channels; a
 * request to one server may need a sub-request to the other.  Injected
 * bug: a server makes the sub-request while it is still serving (it
 * accepts no request in the meantime), so the two servers can call each
 * other at the same time.  Clients make a bounded number of requests.
 * Violation: invalid end state.
 * SPIN's BFS does not report it: with rendezvous, -DBFS "does not
 * preserve all invalid endstates" (its warning); its DFS does. */
chan req[2] = [0] of { byte };
chan rep[2] = [0] of { byte };

proctype Server(bit me)
{
	byte x, y;
end:	do
	:: req[me]?x ->
		if
		:: x > 2 ->
			req[1 - me]!x - 2;	/* bug: blocks while the other may call us */
			rep[1 - me]?y;
			rep[me]!y
		:: else -> rep[me]!x
		fi
	od
}

proctype Client(bit to; byte n)
{
	byte k = 0, y;
	do
	:: k < n ->
		if :: req[to]!1 :: req[to]!4 fi;
		rep[to]?y;
		k++
	:: else -> break
	od
}

init { atomic { run Server(0); run Server(1); run Client(0, 2); run Client(1, 2) } }
