/* index_mod_bad.pml -- indices that non-negative operands keep in
 * bounds ((head + 1) % 3 for a byte head, _pid % 3, i & 1) no longer
 * turn dead-end pruning off (model/expr.c, nonneg_bound); the
 * dead end (P's branch that stops counting) must still not hide the
 * assertion violation on the way that counts to 4.
 * SPIN 6.5.2 pan: errors 1.
 */
byte ring[3], n, head;
active [2] proctype P() {
	do
	:: n < 4 -> ring[(head + 1) % 3] = ring[_pid % 3] + 1; head = (head + 1) % 3; n++
	:: n == 1 -> ring[n & 1] = 9; end: false
	:: n >= 4 -> break
	od;
	assert(ring[head % 3] + ring[(head + 2) % 3] < 3)
}
