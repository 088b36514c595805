/* An accept label on a reachable cycle: pan -a finds an acceptance cycle. */
byte n;
active proctype P() {
	do
	:: n < 3 -> n++
	:: n == 3 -> break
	od;
accept:	do
	:: n > 0 -> n--
	:: n == 0 -> n = 2
	od
}
