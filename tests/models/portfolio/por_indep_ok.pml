/* por_indep_ok.pml -- ten processes that each count to 30 with local
 * steps only.  SPIN's depth-first search with partial-order reduction
 * stores a few hundred states; a breadth-first search tens of thousands
 * (SPIN's -DBFS more than run.sh's reference can afford, hence a
 * directory of its own).  tests/e2e/portfolio.sh: the portfolio's
 * spin-dfs member answers first.
 * Expected verdict: no violation. */
active [10] proctype p()
{
	byte i;
	do
	:: i < 30 -> i++
	:: else -> break
	od;
	assert(i == 30)
}
