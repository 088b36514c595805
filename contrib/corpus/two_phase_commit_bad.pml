/* two_phase_commit_bad.pml -- written for spin-dmc's guidance corpus.
 * Two-phase commit with a coordinator and N participants, each of which
 * votes yes or no; votes and decisions travel over buffered channels.
 * Injected bug: the coordinator counts a vote as yes without reading its
 * value when it arrives from the last participant, so it can decide
 * commit although someone voted no.  Violation: assertion (a participant
 * that voted no is told to commit). */
#ifndef N
#define N 3
#endif

mtype = { yes, no, commit, abort };
chan vote = [N] of { mtype, byte };
chan decide[N] = [1] of { mtype };

proctype Participant(byte i)
{
	mtype v, d;
	if :: v = yes :: v = no fi;
	vote!v, i;
	decide[i]?d;
	assert(!(v == no && d == commit))
}

proctype Coordinator()
{
	byte got = 0, yeses = 0, who, k;
	mtype v;
	do
	:: got < N ->
		vote?v, who;
		if
		:: v == yes || who == N - 1 -> yeses++	/* bug: who == N - 1 */
		:: else
		fi;
		got++
	:: else -> break
	od;
	k = 0;
	do
	:: k < N -> if :: yeses == N -> decide[k]!commit :: else -> decide[k]!abort fi; k++
	:: else -> break
	od
}

init { byte i; atomic { run Coordinator(); i = 0; do :: i < N -> run Participant(i); i++ :: else -> break od } }
