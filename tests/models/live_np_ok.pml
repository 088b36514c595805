/* Every cycle passes the progress label. */
byte x;
active proctype P() {
	do
	:: x < 3 -> x++
	:: x == 3 -> x = 0; progress: skip
	od
}
