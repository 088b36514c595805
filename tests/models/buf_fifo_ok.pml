/* buf_fifo_ok.pml -- buffered channels, len/full/empty/nfull/nempty.
 * A producer writes 0,1,2,... into a channel of capacity 3, using full()
 * and nfull() as guards; a consumer reads with empty()/nempty() guards and
 * checks FIFO order and that len() never exceeds the capacity.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (208 states stored),
 *   DFS errors: 0 (208 states stored).
 */
#define N   6
#define CAP 3

chan q = [CAP] of { byte };

active proctype producer()
{
	byte i = 0;
	do
	:: i < N && nfull(q) -> q ! i; i++
	:: atomic { i < N && full(q) -> assert(len(q) == CAP) }  /* buffer full: check and retry */
	:: i == N -> break
	od
}

active proctype consumer()
{
	byte expect = 0, v;
	do
	:: expect < N && nempty(q) ->
		assert(len(q) <= CAP);
		q ? v;
		assert(v == expect);     /* FIFO order is kept */
		expect++
	:: expect == N -> break
	od;
	assert(empty(q))
}
