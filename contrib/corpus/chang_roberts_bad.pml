/* chang_roberts_bad.pml -- written for spin-dmc's guidance corpus.
 * Chang and Roberts' leader election on a unidirectional ring of N nodes
 * with distinct identities in every order, with an injected bug (a wrong
 * comparison): a node that receives an identity smaller than its own
 * declares itself leader instead of discarding the message.  Violation:
 * assertion (at most one leader, and it holds the largest identity). */
#ifndef N
#define N 4
#endif

chan ring[N] = [N] of { byte };
byte leaders;

proctype node(chan in, out; byte id)
{
	byte m;
	out!id;
end:	do
	:: in?m ->
		if
		:: m > id -> out!m
		:: m == id -> leaders++; assert(leaders == 1 && id == N)
		:: m < id -> leaders++; assert(leaders == 1 && id == N)	/* bug: should discard m */
		fi
	od
}

init {
	byte i, j, ids[N];
	bool used[N + 1];
	atomic {
		i = 0;
		do	/* a permutation of 1..N */
		:: i < N ->
			j = 1;
			do
			:: j < N && used[j] -> j++
			:: j < N && !used[j] -> if :: break :: j++ fi
			:: j == N -> break
			od;
			do
			:: used[j] -> j = 1 + (j % N)
			:: else -> break
			od;
			used[j] = true; ids[i] = j; i++
		:: else -> break
		od;
		i = 0;
		do
		:: i < N -> run node(ring[i], ring[(i + 1) % N], ids[i]); i++
		:: else -> break
		od
	}
}
