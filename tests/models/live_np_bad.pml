/* A loop that avoids the progress label: pan -l finds a non-progress cycle. */
byte x;
active proctype P() {
	do
	:: x < 3 -> x++
	:: x == 3 -> x = 0; progress: skip
	:: x == 2 -> x = 1     /* 1 -> 2 -> 1 ... forever without progress */
	od
}
