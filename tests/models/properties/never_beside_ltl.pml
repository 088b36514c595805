/* An unnamed never claim beside an ltl block: pan names it never_0 but
 * cannot select it with -N (SPIN 6.5.2: "cannot find claim"); it is the
 * claim pan runs without -N, so dmc checks it that way.  The ltl formula
 * fails, the never claim (x never exceeds 3) holds. */
byte x;
active proctype P() {
	do
	:: x < 3 -> x++
	:: x == 3 -> x = 0
	od
}
never {
	do
	:: x <= 3
	:: x > 3 -> break
	od
}
ltl reaches4 { <> (x == 4) }
