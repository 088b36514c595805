// only: -E
/* many_fields_bad.pml -- a message of 18 fields: the 18th sets x, and
 * only x == 7 leads to R's assertion.  The abstract model once kept the
 * first 16 fields of a send or receive, so x never changed there, the
 * state after R's choice of the first branch was a false dead end, and
 * pruning it gave "no violation" with -E.  Branch 3 keeps the initial
 * state's estimate finite (its condition holds in the relaxation only).
 * SPIN 6.5.2 pan -E: errors 1.
 */

chan c = [0] of { byte, byte, byte, byte, byte, byte, byte, byte, byte,
                  byte, byte, byte, byte, byte, byte, byte, byte, byte };
byte a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16;
byte x, w, v, choose;

active proctype S() { c!0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,7 }

active proctype T() { w = 1; w = 0; v = 1 }

active proctype R() {
	if
	:: choose = 1
	:: choose = 3
	fi;
	if
	:: choose == 1 ->
		c?a0,a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11,a12,a13,a14,a15,a16,x;
		x == 7 -> assert(false)
	:: choose == 3 -> (w == 1 && v == 1) -> assert(false)
	fi
}
