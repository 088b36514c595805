/* The claim stutters in a loop that never ends: no violation. */
byte x;
active proctype P() { x = 1; false }
never { x == 0; x == 1; do :: x == 1 od }
