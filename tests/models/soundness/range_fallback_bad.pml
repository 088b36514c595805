// also: --range-checks fallback
/* range_fallback_bad.pml -- the only error is a range check (the
 * assert dmc translate writes before a store into a bounded integer):
 * P's fourth step stores 4 into a variable of range [0, 3].  Q's assert
 * cannot be reached, not even in the relaxation (nothing writes y), so
 * with --range-checks fallback hL/hU see no goal but the range check:
 * h must then be the range check's distance, never infinity, or
 * dead-end pruning (-E) would give "no violation".
 * SPIN 6.5.2 pan: errors 1 (with and without -E).
 */

byte x, y;

active proctype P() {
	do
	:: atomic { assert(0 <= x + 1 && x + 1 <= 3); x = x + 1 }
	od
}

active proctype Q() {
	y == 1 -> assert(false)
}
