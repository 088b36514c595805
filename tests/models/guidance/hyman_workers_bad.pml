/* Hyman's mutual exclusion (1966), which is flawed, for two processes,
 * beside three workers that move counters up and down: a heuristic that
 * aims at the critical section sees no difference between the workers'
 * states (a plateau).  SPIN's BFS finds the violation at depth ~10. */
bool flag[2];
byte turn;
byte incs;
byte w[3];

proctype P(bit i)
{
	do
	:: flag[i] = true;
	   do
	   :: turn != i ->
		(!flag[1 - i]);
		turn = i
	   :: else -> break
	   od;
	   incs++;
	   assert(incs == 1);
	   incs--;
	   flag[i] = false
	od
}

proctype W(byte k)
{
	do
	:: w[k] < 200 -> w[k]++
	:: w[k] > 0 -> w[k]--
	od
}

init {
	atomic { run P(0); run P(1); run W(0); run W(1); run W(2) }
}
