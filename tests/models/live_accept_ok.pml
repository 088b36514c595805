/* The accept label is passed only once: no acceptance cycle. */
byte n;
active proctype P() {
	do
	:: n < 5 -> n++
	:: n == 5 -> break
	od;
accept:	n = 0;
	do
	:: n < 3 -> n++
	:: n >= 3 -> n = 0
	od
}
