/* dkr_leader_bad.pml -- written for spin-dmc's guidance corpus.
 * Dolev, Klawe and Rodeh's leader election on a unidirectional ring of N
 * nodes (the O(n log n) algorithm, as in SPIN's classic leader model but
 * written anew here), with an injected bug: an active node stays active
 * when its left neighbour's value is below its maximum (a wrong
 * comparison: the algorithm needs neighbourR > maximum), so a node other
 * than the one with the largest number can win.  Violation: assertion
 * (one leader, and it holds the largest number N). */
#ifndef N
#define N 4
#endif
#define L 10	/* channel capacity */

mtype = { one, two, winner };
chan q[N] = [L] of { mtype, byte };
byte nr_leaders;

proctype node(chan in, out; byte mynumber)
{
	bit Active = 1, know_winner = 0;
	byte nr, maximum = mynumber, neighbourR;

	out!one(mynumber);
end:	do
	:: in?one(nr) ->
		if
		:: Active ->
			if
			:: nr != maximum ->
				out!two(nr);
				neighbourR = nr
			:: else ->
				know_winner = 1;
				out!winner, nr
			fi
		:: else -> out!one(nr)
		fi
	:: in?two(nr) ->
		if
		:: Active ->
			if
			:: neighbourR > nr && neighbourR < maximum ->	/* bug: < maximum instead of > */
				maximum = neighbourR;
				out!one(neighbourR)
			:: else -> Active = 0
			fi
		:: else -> out!two(nr)
		fi
	:: in?winner, nr ->
		if
		:: nr != mynumber
		:: else -> nr_leaders++; assert(nr_leaders == 1 && mynumber == N)
		fi;
		if
		:: know_winner
		:: else -> out!winner, nr
		fi;
		break
	od
}

init {
	byte proc;
	byte Ini[6];
	atomic {
		proc = 1;
		do
		:: proc <= N ->
			if	/* a non-deterministic, possibly repeated, number */
			:: Ini[0] == 0 && N >= 1 -> Ini[0] = proc
			:: Ini[1] == 0 && N >= 2 -> Ini[1] = proc
			:: Ini[2] == 0 && N >= 3 -> Ini[2] = proc
			:: Ini[3] == 0 && N >= 4 -> Ini[3] = proc
			:: Ini[4] == 0 && N >= 5 -> Ini[4] = proc
			:: Ini[5] == 0 && N >= 6 -> Ini[5] = proc
			fi;
			proc++
		:: proc > N -> break
		od;
		proc = 1;
		do
		:: proc <= N -> run node(q[proc - 1], q[proc % N], Ini[proc - 1]); proc++
		:: proc > N -> break
		od
	}
}
